import { IDEMPOTENCY_KEY_HEADER, IdempotencyKey, requestFingerprint, type Idempotency, type IdempotentRequest, type StoredResponse } from '@tuma/idempotency';
import type { Context } from 'koa';
import { HttpError } from './http-error.ts';
import type { HttpLogger } from './middleware.ts';
import type { OutageWatch } from './service-unavailable.ts';
import type { HttpResult, RouteDefinition } from './route.ts';
import { unwrap } from './unwrap.ts';
import type { Parsed } from './validation.ts';

/** Set on an answer that is the stored first answer of an earlier request with the same key. */
export const IDEMPOTENT_REPLAYED_HEADER = 'Idempotent-Replayed';

/** What the HTTP app needs for routes marked `idempotent` (`createIdempotency` of @tuma/idempotency). */
export type HttpIdempotency = Pick<Idempotency, 'claimKey' | 'recordResponse' | 'releaseKey'>;

/**
 * What the handler of an idempotent route is given for a request with a key. A use case that
 * commits an effect (a charge) takes `answeredBy(answer)` and keeps the answer in the unit of work
 * that commits the effect; the handler must then answer with the same `answer` of the same outcome.
 * Answers without an effect (refusals) are kept after the handler, by the app.
 */
export interface RouteIdempotency {
  answeredBy<Outcome>(answer: (outcome: Outcome) => HttpResult): IdempotentRequest<Outcome>;
}

/** The Idempotency-Key header of a request to an idempotent route: absent, or a key (else a 422 detail naming the header). */
export function idempotencyKeyOf(ctx: Context): Parsed<IdempotencyKey | undefined> {
  const raw = ctx.headers[IDEMPOTENCY_KEY_HEADER.toLowerCase()];
  if (raw === undefined) return { ok: true, value: undefined };
  const key = IdempotencyKey.create(Array.isArray(raw) ? raw.join(', ') : raw);
  if (key.isOk()) return { ok: true, value: key.value };
  return { ok: false, details: key.error.details.map((issue) => ({ ...issue, in: 'header' })) };
}

/** A refusal thrown as an HttpError, as the client gets it (errorHandler answers the same). */
const asResult = (error: HttpError): HttpResult => ({ status: error.status, body: error.toBody(), headers: error.headers });

/** `render`'s answer, a thrown HttpError included (a use case's refusal through `unwrap`). */
function answerOf(render: () => HttpResult): HttpResult {
  try {
    return render();
  } catch (error) {
    if (error instanceof HttpError) return asResult(error);
    throw error;
  }
}

/** What a repetition gets: any answer below 500. A fault is not kept (undefined): the key is freed instead. */
const keptResponse = (result: HttpResult): StoredResponse | undefined =>
  result.status < 500 ? { status: result.status, headers: result.headers ?? {}, body: result.body ?? null } : undefined;

const replayOf = (response: StoredResponse): HttpResult => ({
  status: response.status,
  body: response.body ?? undefined,
  headers: { ...response.headers, [IDEMPOTENT_REPLAYED_HEADER]: 'true' },
});

export interface IdempotentRun {
  readonly ctx: Context;
  readonly route: RouteDefinition;
  /** Whose keys these are: the caller's account and environment (a key's, or a signed-in member's live data). */
  readonly scope: { readonly accountId: string; readonly environment: 'live' | 'test' };
  readonly key: IdempotencyKey | undefined;
  readonly idempotency: HttpIdempotency;
  readonly logger: HttpLogger;
  /** An unreachable database, noted there once per outage, is not logged here per request. */
  readonly outages?: OutageWatch;
}

/**
 * Runs an idempotent route's handler for a request with an Idempotency-Key (docs/idempotency.md):
 * claims the key for this account and environment (409 while another request with it runs, 422 for
 * another request), or answers the stored first answer with `Idempotent-Replayed: true`. After the
 * handler, an answer below 500 is kept (unless the use case kept it with its effect), and a fault
 * frees the key so that a retry runs again. Without a key the handler just runs.
 */
export async function runIdempotently(run: IdempotentRun, handle: (idempotency: RouteIdempotency | undefined) => Promise<HttpResult>): Promise<HttpResult> {
  const { ctx, route, scope, key, idempotency, logger, outages } = run;
  if (!key) return handle(undefined);
  const operation = `${route.method.toUpperCase()} ${route.path}`;
  const claimed = unwrap(await idempotency.claimKey.execute({ scope, key, operation, fingerprint: await requestFingerprint(operation, ctx.state.body) }));
  if (claimed.type === 'replay') return replayOf(claimed.response);

  const { claim } = claimed;
  let keptWithEffect = false;
  const routeIdempotency: RouteIdempotency = {
    answeredBy: (answer) => ({
      claim,
      respond: (outcome) => {
        const response = keptResponse(answerOf(() => answer(outcome)));
        keptWithEffect ||= response !== undefined;
        return response;
      },
    }),
  };
  let response: StoredResponse | undefined;
  try {
    const result = await handle(routeIdempotency);
    response = keptResponse(result);
    return result;
  } catch (error) {
    response = error instanceof HttpError ? keptResponse(asResult(error)) : undefined;
    throw error;
  } finally {
    const settling = response === undefined ? idempotency.releaseKey.execute(claim) : keptWithEffect ? undefined : idempotency.recordResponse.execute(claim, response);
    // Not the client's answer: a key not kept or freed stays claimed until its lease ends (a release is tried again once the database is back), then a retry runs the request again.
    await Promise.resolve(settling).catch((error: unknown) => {
      if (outages?.noted(error)) return;
      logger.error({ msg: 'idempotency key not settled (it is freed when its lease ends)', request_id: ctx.state.requestId, error: String((error as Error)?.stack ?? error) });
    });
  }
}
