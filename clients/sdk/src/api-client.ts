/**
 * One API's client: openapi-fetch over the API's generated `paths`, with the key in
 * `Authorization`, retries (retrying-fetch.ts) and an `Idempotency-Key` on every paid call, the
 * caller's (`idempotencyKey`) or one of its own, so that a retry never sends or charges twice.
 */
import createClient, { type Client, type FetchResponse, type MaybeOptionalInit } from 'openapi-fetch';
import type { MediaType, PathsWithMethod, RequiredKeysOf } from 'openapi-typescript-helpers';
import { retryingFetch, type RetryOptions } from './retrying-fetch.ts';

export interface TumaClientOptions {
  /**
   * Where Tuma answers: the root of its shared port (`https://api.tuma.example`), under which the
   * account service, mail and links APIs are mounted at `/auth`, `/mail` and `/links`.
   */
  readonly baseUrl?: string;
  /** This API's own base URL, when the operator moved it to a host or port of its own (used as it is). */
  readonly apiUrl?: string;
  /** The API key (`svc_live_…`/`svc_test_…`, `svc_k_…`, `svc_l_…`) or a signed-in user's access token; a function for one that changes. */
  readonly apiKey?: string | (() => string | Promise<string>);
  /** Retries of throttled and failed requests (retrying-fetch.ts); `false` for none. */
  readonly retry?: RetryOptions | false;
  /** The fetch to call (the global one by default). */
  readonly fetch?: (request: Request) => Promise<Response>;
  /** Headers sent with every request. */
  readonly headers?: Record<string, string>;
}

export interface PaidCallOptions {
  /**
   * The `Idempotency-Key` of this call (1 to 255 printable ASCII characters): the same key within
   * 24 hours gets the first answer again and is charged once (docs/idempotency.md). Without one,
   * the client makes one per call, shared by that call's retries.
   */
  readonly idempotencyKey?: string;
}

type PostInit<Init> = RequiredKeysOf<Init> extends never ? [(Init & PaidCallOptions & { [key: string]: unknown })?] : [Init & PaidCallOptions & { [key: string]: unknown }];

type IdempotentPost<Paths extends Record<string, any>> = <Path extends PathsWithMethod<Paths, 'post'>, Init extends MaybeOptionalInit<Paths[Path], 'post'>>(
  url: Path,
  ...init: PostInit<Init>
) => Promise<FetchResponse<Paths[Path]['post'], Init, MediaType>>;

/** openapi-fetch's client of one API, whose POST also takes `idempotencyKey`. */
export type TumaApiClient<Paths extends Record<string, any>> = Omit<Client<Paths>, 'POST'> & { readonly POST: IdempotentPost<Paths> };

export function apiClient<Paths extends Record<string, any>>(mountPath: string, idempotentOperations: readonly string[], options: TumaClientOptions): TumaApiClient<Paths> {
  const baseUrl = options.apiUrl ?? (options.baseUrl === undefined ? undefined : `${options.baseUrl.replace(/\/+$/, '')}${mountPath}`);
  if (baseUrl === undefined) throw new TypeError('A Tuma client needs baseUrl (or apiUrl)');
  const fetch = options.fetch ?? ((request: Request) => globalThis.fetch(request));
  const client = createClient<Paths>({
    baseUrl,
    headers: options.headers,
    fetch: options.retry === false ? fetch : retryingFetch(fetch, options.retry),
  });
  const paid = new Set(idempotentOperations);
  client.use({
    async onRequest({ request, schemaPath }) {
      if (options.apiKey !== undefined && !request.headers.has('Authorization')) {
        const key = typeof options.apiKey === 'function' ? await options.apiKey() : options.apiKey;
        request.headers.set('Authorization', `Bearer ${key}`);
      }
      if (paid.has(`${request.method} ${schemaPath}`) && !request.headers.has('Idempotency-Key')) request.headers.set('Idempotency-Key', `sdk-${crypto.randomUUID()}`);
      return request;
    },
  });
  const post = ((url: string, init?: PaidCallOptions & { headers?: ConstructorParameters<typeof Headers>[0] }) => {
    if (init?.idempotencyKey === undefined) return (client.POST as (url: string, init?: object) => unknown)(url, init);
    const { idempotencyKey, ...rest } = init;
    const headers = new Headers(rest.headers);
    headers.set('Idempotency-Key', idempotencyKey);
    return (client.POST as (url: string, init: object) => unknown)(url, { ...rest, headers });
  }) as unknown as IdempotentPost<Paths>;
  return { ...client, POST: post };
}
