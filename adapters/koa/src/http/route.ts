import type { Account, ApiKey, KeyEnvironment, Principal, Scope } from '@tuma/accounts';
import type { Member, Role } from '@tuma/identity';
import type { Context } from 'koa';
import type { z } from 'zod';
import type { RouteIdempotency } from './idempotency.ts';

export type HttpMethod = 'get' | 'post' | 'put' | 'patch' | 'delete';

/**
 * Who may call a route: anyone, or a bearer key holding at least one of the scopes — and, for
 * routes that change or reveal live data kept once per account (the opt-out list, contact lists,
 * the ledger, changes to templates and sender IDs), a live key: test keys get 403 `live_key_required`.
 * A session route takes a signed-in user's access token instead, of one of `roles` when given
 * (else 403 `insufficient_role`); a route with both `anyScope` and `session` takes either.
 */
export type RouteAccess = PublicAccess | KeyedAccess | SessionAccess | KeyOrSessionAccess;
export type PublicAccess = { readonly public: true };
export type KeyedAccess = { readonly anyScope: readonly Scope[]; readonly liveKeysOnly?: true; readonly session?: never };
/** A signed-in dashboard user: `Authorization: Bearer <access token>`, the JWT the account service's login issues. */
export type SessionAccess = { readonly session: true; readonly roles?: readonly Role[] };
/**
 * A key holding one of the scopes, or a signed-in member (of one of `roles`, when given). The
 * bearer token tells which: a JWT (three dot-separated parts) is an access token, anything else a
 * key. A member acts on their account's live data, as a live key of theirs would.
 */
export type KeyOrSessionAccess = { readonly anyScope: readonly Scope[]; readonly liveKeysOnly?: true; readonly session: true; readonly roles?: readonly Role[] };

/** Whose data a keyed or key-or-session route reaches, and as whom: a key, or a signed-in member. */
export interface Caller {
  readonly account: Account;
  /** The key's environment; `live` for a member. */
  readonly environment: KeyEnvironment;
  readonly apiKey: ApiKey | undefined;
  readonly member: Member | undefined;
}

/** Who the handler is told is calling: nobody on a public route, the authenticated key's principal on every keyed one (and, when a key called, on key-or-session ones). */
export type PrincipalFor<A extends RouteAccess> = A extends KeyOrSessionAccess ? Principal | undefined : A extends KeyedAccess ? Principal : undefined;
/** The signed-in member on a session route (and, when one called, on key-or-session ones): the user, the account and the role they have now. */
export type MemberFor<A extends RouteAccess> = A extends KeyOrSessionAccess ? Member | undefined : A extends SessionAccess ? Member : undefined;
/** The caller on keyed and key-or-session routes. */
export type CallerFor<A extends RouteAccess> = A extends KeyOrSessionAccess | KeyedAccess ? Caller : undefined;

export interface RouteResponse {
  readonly description: string;
  readonly schema?: z.ZodType;
  readonly contentType?: string;
  /** An error answer's fields beyond code and message (inside `error`; some also at the top, as the spec says for 402). */
  readonly errorFields?: z.ZodRawShape;
  /** The error codes this status carries here. */
  readonly errorCodes?: readonly string[];
}

/** A body read as text rather than JSON (e.g. a CSV upload): the content types it may have and its own size limit. */
export interface RawBodyOptions {
  readonly contentTypes: readonly string[];
  readonly limitBytes: number;
}

export interface HttpResult {
  readonly status: number;
  readonly body?: unknown;
  readonly headers?: Record<string, string>;
}

export interface RouteInput<B, Q, P, A extends RouteAccess = RouteAccess> {
  readonly body: B;
  readonly query: Q;
  readonly params: P;
  /** The caller's key on keyed routes (authenticated and scope-checked before the handler runs); none on public ones. */
  readonly principal: PrincipalFor<A>;
  /** The caller on session routes (access token checked, session live, membership read now); none on others. */
  readonly member: MemberFor<A>;
  /** Whose data (account and environment) on keyed and key-or-session routes, whichever credential called. */
  readonly caller: CallerFor<A>;
  readonly requestId: string;
  readonly koa: Context;
  /** On an `idempotent` route, for a request with an Idempotency-Key: hand `answeredBy(answer)` to the use case that charges. */
  readonly idempotency: RouteIdempotency | undefined;
}

type Infer<S> = S extends z.ZodType ? z.output<S> : undefined;

export interface RouteDefinition<
  B extends z.ZodType | undefined = z.ZodType | undefined,
  Q extends z.ZodType | undefined = z.ZodType | undefined,
  P extends z.ZodType | undefined = z.ZodType | undefined,
  A extends RouteAccess = RouteAccess,
> {
  readonly method: HttpMethod;
  /** Koa-style path (`/api/admin/accounts/:id/keys`). */
  readonly path: string;
  /** The same route under other prefixes (e.g. the `/v1` mirror). */
  readonly aliases?: readonly string[];
  readonly summary: string;
  readonly tag: string;
  readonly access: A;
  readonly body?: B;
  /**
   * Body fields whose absence (missing, null, "" or []) is a 400 `missing_fields` rather than a 422,
   * where the spec's Errors table says so; an inner list means "one of these".
   */
  readonly requiredFields?: readonly (string | readonly string[])[];
  /** Read the body as text of these content types, up to its own limit (not JSON); `body` then parses the text. */
  readonly rawBody?: RawBodyOptions;
  /** A JSON body this route takes beyond the app's limit (the mail API's 40 MB emails, in base64). */
  readonly bodyLimitBytes?: number;
  readonly query?: Q;
  readonly params?: P;
  readonly responses: Readonly<Record<number, RouteResponse>>;
  /** The handler reads no database: no per-request ORM context is opened for it (liveness). */
  readonly withoutDatabase?: true;
  /**
   * Its operationId where its method and path are another API's too (the links API's `/v1/domains`
   * and `/v1/webhooks` are the mail API's paths): one of OPERATION_IDS' `<api> <METHOD> <path>` names.
   */
  readonly operationId?: string;
  /**
   * The route takes an `Idempotency-Key` header (keyed routes that charge: docs/idempotency.md): a
   * repeated request gets the first answer again, and the handler hands `idempotency.answeredBy`
   * to the use case that commits the charge, so that the answer commits with it.
   */
  readonly idempotent?: true;
  readonly handler: (input: RouteInput<Infer<B>, Infer<Q>, Infer<P>, A>) => Promise<HttpResult>;
}

/** Declares a route; the types of the handler's input follow from the schemas and the access (keyed routes get a `Principal`). */
export function defineRoute<
  B extends z.ZodType | undefined = undefined,
  Q extends z.ZodType | undefined = undefined,
  P extends z.ZodType | undefined = undefined,
  A extends RouteAccess = RouteAccess,
>(route: RouteDefinition<B, Q, P, A>): RouteDefinition {
  return route as unknown as RouteDefinition;
}

/** `/api/x/:id` -> `/api/x/{id}` */
export const toOpenApiPath = (path: string): string => path.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, '{$1}');

/** `/api/balance` -> [`/api/balance`, `/v1/balance`]: the spec mirrors some paths under /v1. */
export const alsoUnderV1 = (path: string): string[] => [path.replace(/^\/api\//, '/v1/')];

export const json = (status: number, body: unknown, headers?: Record<string, string>): HttpResult => ({ status, body, headers });
export const noContent = (): HttpResult => ({ status: 204 });
