import { IDEMPOTENCY_KEY_HEADER, IDEMPOTENCY_KEY_MAX_LENGTH } from '@tuma/idempotency';
import { z } from 'zod';
import { IDEMPOTENT_REPLAYED_HEADER } from './idempotency.ts';
import type { ExamplesByOperation } from './operation-examples.ts';
import { OUTAGE_RETRY_AFTER_SECONDS } from './service-unavailable.ts';
import { OPERATION_IDS, TAG_DESCRIPTIONS } from './operation-ids.ts';
import { toOpenApiPath, type RawBodyOptions, type RouteDefinition } from './route.ts';

type JsonSchema = Record<string, unknown>;

const toSchema = (schema: z.ZodType, io: 'input' | 'output'): JsonSchema => {
  const { $schema: _ignored, ...rest } = z.toJSONSchema(schema, { target: 'draft-2020-12', io, unrepresentable: 'any' }) as JsonSchema;
  return rest;
};

/** Where a refused field was: the body, the query, the path or a header. */
const DETAIL_LOCATIONS = ['body', 'query', 'path', 'header'] as const;

const errorSchema: JsonSchema = {
  type: 'object',
  required: ['error'],
  properties: {
    error: {
      type: 'object',
      required: ['code', 'message'],
      properties: {
        code: { type: 'string' },
        message: { type: 'string' },
        details: {
          type: 'array',
          description: 'Each field refused: where it was (`in`), its path there and why',
          items: {
            type: 'object',
            required: ['path', 'message', 'in'],
            properties: { path: { type: 'string' }, message: { type: 'string' }, in: { enum: [...DETAIL_LOCATIONS] } },
          },
        },
        resource: { type: 'string', pattern: '^[a-z]+(_[a-z]+)*$', description: 'What was not found or conflicts, in snake_case (`message`, `verification`, `contact_list`)' },
      },
      additionalProperties: true,
    },
  },
};

const ERROR_REF: JsonSchema = { $ref: '#/components/schemas/Error' };

/** What an error answer adds to the one error body: its codes and its extra fields. */
const errorSpecifics = (codes?: readonly string[], fields?: z.ZodRawShape): JsonSchema[] => [
  ...(codes ? [{ type: 'object', properties: { error: { type: 'object', properties: { code: { enum: [...codes] } } } } }] : []),
  ...(fields ? [{ type: 'object', properties: { error: toSchema(z.looseObject(fields), 'output') } }] : []),
];

const jsonContent = (schema: JsonSchema) => ({ 'application/json': { schema } });

/** The one named example of a media type: what a Kenyan account sends or gets (+254 numbers, a KES wallet). */
const withExample = (media: JsonSchema, value: unknown): JsonSchema => (value === undefined ? media : { ...media, examples: { kenya: { value } } });

/** The one error body; where a route names its codes and extra fields, they are typed on top of it. */
const errorResponse = (description: string, codes?: readonly string[], fields?: z.ZodRawShape) => {
  const specific = errorSpecifics(codes, fields);
  return { description, content: jsonContent(specific.length > 0 ? { allOf: [ERROR_REF, ...specific] } : ERROR_REF) };
};

function parameters(schema: z.ZodType | undefined, location: 'query' | 'path'): JsonSchema[] {
  if (!schema) return [];
  const objectSchema = toSchema(schema, 'input') as { properties?: Record<string, JsonSchema>; required?: string[] };
  return Object.entries(objectSchema.properties ?? {}).map(([name, property]) => ({
    name,
    in: location,
    required: location === 'path' || (objectSchema.required ?? []).includes(name),
    ...(typeof property.description === 'string' ? { description: property.description } : {}),
    schema: property,
  }));
}

/** A JSON body (with its example), or a raw one in each of its content types (with its size limit). */
function requestBody(body: z.ZodType, raw: RawBodyOptions | undefined, example: unknown): JsonSchema {
  const schema = toSchema(body, 'input');
  if (!raw) return { required: true, content: { 'application/json': withExample({ schema }, example) } };
  return {
    required: true,
    description: `At most ${raw.limitBytes} bytes`,
    content: Object.fromEntries(raw.contentTypes.map((type) => [type, { schema }])),
  };
}

/** The success answer an example's response is of: the first 2xx status with a JSON body. */
const successStatus = (route: RouteDefinition): string | undefined =>
  Object.entries(route.responses).find(([status, response]) => status.startsWith('2') && response.schema && (response.contentType ?? 'application/json') === 'application/json')?.[0];

/** The RateLimit-* headers on every answer, and Retry-After on a 429. */
const RATE_LIMIT_HEADERS: Record<string, JsonSchema> = {
  'RateLimit-Limit': { description: 'Requests per second the caller is allowed (per API key; per client address without one)', required: true, schema: { type: 'integer', minimum: 1 } },
  'RateLimit-Remaining': { description: 'Requests left in the current one-second window (0 while the burst allowance is drawn on)', required: true, schema: { type: 'integer', minimum: 0 } },
  'RateLimit-Reset': { description: 'Seconds until the current window ends', required: true, schema: { type: 'integer', minimum: 1 } },
};
const RETRY_AFTER: JsonSchema = { description: 'Seconds to wait before retrying', required: true, schema: { type: 'integer', minimum: 1 } };
/** The error field beside Retry-After (429 rate_limited, 409 idempotency_key_in_progress). */
const RETRY_AFTER_FIELD = { retry_after: z.int().min(1).describe('Seconds to wait before retrying') };
const headerRefs = (names: readonly string[]) => Object.fromEntries(names.map((name) => [name, { $ref: `#/components/headers/${name}` }]));

/** The header an `idempotent` route takes. */
const IDEMPOTENCY_KEY_PARAMETER: JsonSchema = {
  name: IDEMPOTENCY_KEY_HEADER,
  in: 'header',
  required: false,
  description:
    'Makes a retry safe: the same key with the same body, within 24 hours, gets the first answer again (with `Idempotent-Replayed: true`); nothing is charged or sent twice. ' +
    'Keys are per account and environment; a new request needs a new key (a UUID). See docs/idempotency.md.',
  schema: { type: 'string', minLength: 1, maxLength: IDEMPOTENCY_KEY_MAX_LENGTH, pattern: '^[\\x20-\\x7E]+$' },
};

/** On every answer of an idempotent route: a replay is marked. */
const REPLAYED_HEADER: JsonSchema = {
  description: '`true` when this is the stored first answer to an earlier request with the same Idempotency-Key',
  required: false,
  schema: { type: 'string', enum: ['true'] },
};

/** The codes and fields an error answer of the document adds to the error body (none for the bare body). */
const specificsOf = (response: JsonSchema): JsonSchema[] =>
  ((response as { content: { 'application/json': { schema: { allOf?: JsonSchema[] } } } }).content['application/json'].schema.allOf ?? []).slice(1);

const alternative = (specifics: readonly JsonSchema[]): JsonSchema => (specifics.length === 1 ? specifics[0]! : { allOf: [...specifics] });

/**
 * An error answer the route already gives, with one more alternative (its codes and fields) beside
 * it: the error body, and one of the two. Where the route's answer is the bare error body, which
 * admits any code already, only its description grows.
 */
function orError(existing: JsonSchema | undefined, description: string, codes: readonly string[], fields?: z.ZodRawShape): JsonSchema {
  if (!existing) return errorResponse(description, codes, fields);
  const merged = `${existing.description as string}. Or ${description}`;
  const own = specificsOf(existing);
  if (own.length === 0) return { ...existing, description: merged };
  return { description: merged, content: jsonContent({ allOf: [ERROR_REF, { anyOf: [alternative(own), alternative(errorSpecifics(codes, fields))] }] }) };
}

/** What an `idempotent` route answers about its key: 409 while the first request runs, 422 for another request; any answer may be a replay. */
function addIdempotencyAnswers(responses: Record<string, JsonSchema>): void {
  const inProgress = orError(
    responses['409'],
    'idempotency_key_in_progress: a request with this Idempotency-Key is still being handled; retry after retry_after seconds (also Retry-After) for its answer',
    ['idempotency_key_in_progress'],
    RETRY_AFTER_FIELD,
  );
  // Not required: the route's own 409 (duplicate_message) has none.
  responses['409'] = { ...inProgress, headers: { 'Retry-After': { ...RETRY_AFTER, required: false } } };
  responses['422'] = orError(
    responses['422'],
    'idempotency_key_reused: this Idempotency-Key was first used for another request (another route or body); an ill-formed key is a validation_error naming the header',
    ['idempotency_key_reused'],
  );
  for (const [status, response] of Object.entries(responses)) responses[status] = { ...response, headers: { ...(response.headers as JsonSchema), [IDEMPOTENT_REPLAYED_HEADER]: REPLAYED_HEADER } };
}

/** What a route that needs the database answers while it cannot be reached (docs/reliability.md). */
function addOutageAnswer(responses: Record<string, JsonSchema>): void {
  const own = responses['503'];
  const unavailable = orError(
    own,
    `service_unavailable: the database cannot be reached for a moment (a restart, a failover); retry after retry_after seconds (also Retry-After, ${OUTAGE_RETRY_AFTER_SECONDS})`,
    ['service_unavailable'],
    RETRY_AFTER_FIELD,
  );
  // Required unless the route has a 503 of its own (pricing_unavailable, a readiness probe's), which has none.
  responses['503'] = { ...unavailable, headers: { ...(unavailable.headers as JsonSchema), 'Retry-After': { ...RETRY_AFTER, required: own === undefined } } };
}

function operation(route: RouteDefinition, rateLimited: boolean, keyQuota: string | undefined, examples: ExamplesByOperation): JsonSchema {
  const keyed = 'anyScope' in route.access;
  const signedIn = 'session' in route.access;
  const key = `${route.method.toUpperCase()} ${toOpenApiPath(route.path)}`;
  // Routes outside the table (an embedder's own) get one spelled from method and path.
  const operationId = route.operationId ?? OPERATION_IDS[key] ?? `${route.method}${toOpenApiPath(route.path).replace(/[^A-Za-z0-9]+(.)?/g, (_, c: string | undefined) => (c ? c.toUpperCase() : ''))}`;
  const example = examples[operationId];
  const success = successStatus(route);
  const responses: Record<string, JsonSchema> = {};
  for (const [status, response] of Object.entries(route.responses)) {
    const media = response.schema && withExample({ schema: toSchema(response.schema, 'output') }, status === success ? example?.response : undefined);
    // Every error answer has the one error body, whatever the route declares.
    responses[status] =
      Number(status) >= 400 && !response.schema
        ? errorResponse(response.description, response.errorCodes, response.errorFields)
        : { description: response.description, ...(media ? { content: { [response.contentType ?? 'application/json']: media } } : {}) };
  }
  const roles = 'roles' in route.access ? route.access.roles : undefined;
  if (signedIn && keyed) responses['401'] ??= errorResponse('Missing or invalid API key, or a missing, invalid or expired access token (its session ended)');
  if (signedIn) responses['401'] ??= errorResponse('Missing, invalid or expired access token, or its session ended (logout, password reset)');
  if (roles) {
    const forKeys = keyed ? '; with a key: it lacks the scope, or the account is suspended' : '';
    responses['403'] ??= errorResponse(`insufficient_role: a signed-in member needs the role ${roles.join(', ')}${forKeys}`, undefined, { required: z.array(z.string()).optional() });
  }
  if (keyed) {
    responses['401'] ??= errorResponse('Missing or invalid API key');
    responses['403'] ??= errorResponse(
      'liveKeysOnly' in route.access && route.access.liveKeysOnly
        ? 'Key lacks the scope, is a test key (live_key_required), or the account is suspended; email_not_verified: a live key of an account whose email is not verified yet'
        : 'Key lacks the scope, or the account is suspended; email_not_verified: a live key of an account whose email is not verified yet',
    );
  }
  if (keyed && keyQuota) {
    responses['402'] ??= errorResponse(keyQuota, ['plan_limit_reached'], { product: z.string(), tier: z.string(), resource: z.string(), limit: z.number().int() });
  }
  if (route.requiredFields) responses['400'] ??= errorResponse('missing_fields: a required field is missing or empty (details name each); invalid_json: a malformed body');
  if (route.body && !route.rawBody) {
    responses['400'] ??= errorResponse('invalid_json: the body is not well-formed JSON');
    responses['413'] ??= errorResponse('payload_too_large: the body is over BODY_LIMIT_BYTES');
    responses['415'] ??= errorResponse('unsupported_media_type: the body is not application/json');
  }
  if (route.body || route.query || route.params) responses['422'] ??= errorResponse('Validation error, naming each field');
  if (route.rawBody) responses['413'] ??= errorResponse(`Body over ${route.rawBody.limitBytes} bytes`);
  if (route.rawBody) responses['415'] ??= errorResponse(`Body not of type ${route.rawBody.contentTypes.join(' or ')}`);
  if (rateLimited) {
    responses['429'] ??= errorResponse('rate_limited: over the rate limit (per API key, or per client address without one); retry_after and Retry-After say when to retry', ['rate_limited'], RETRY_AFTER_FIELD);
  }
  responses['500'] ??= errorResponse('Internal error (carries the request id)');
  if (!route.withoutDatabase) addOutageAnswer(responses);
  if (route.idempotent) addIdempotencyAnswers(responses);
  if (rateLimited) {
    for (const [status, response] of Object.entries(responses)) {
      const names = status === '429' ? [...Object.keys(RATE_LIMIT_HEADERS), 'Retry-After'] : Object.keys(RATE_LIMIT_HEADERS);
      responses[status] = { ...response, headers: { ...(response.headers as JsonSchema), ...headerRefs(names) } };
    }
  }
  const mirrors = (route.aliases ?? []).map(toOpenApiPath);
  return {
    operationId,
    summary: route.summary,
    description: mirrors.length > 0 ? `${route.summary}.\n\nAlso served, identically, at ${mirrors.map((path) => `\`${path}\``).join(', ')}.` : `${route.summary}.`,
    tags: [route.tag],
    ...(mirrors.length > 0 ? { 'x-aliases': mirrors } : {}),
    // Either scheme on a route taking a key or a session.
    security: [...(keyed ? [{ bearerAuth: [] }] : []), ...(signedIn ? [{ sessionAuth: [] }] : [])],
    ...(roles ? { 'x-required-roles': roles } : {}),
    ...('anyScope' in route.access ? { 'x-required-scopes': route.access.anyScope } : {}),
    ...('liveKeysOnly' in route.access && route.access.liveKeysOnly ? { 'x-live-keys-only': true } : {}),
    parameters: [...parameters(route.params, 'path'), ...parameters(route.query, 'query'), ...(route.idempotent ? [IDEMPOTENCY_KEY_PARAMETER] : [])],
    ...(route.body ? { requestBody: requestBody(route.body, route.rawBody, example?.request) } : {}),
    responses,
  };
}

const SESSION_CREDENTIALS = "A signed-in user's access token: the `access_token` of the account service's `POST /v1/login` (15 minutes; `POST /v1/token/refresh` gives the next)";

export interface OpenApiOptions {
  /** RateLimit-* headers on every answer and 429 on every operation. */
  readonly rateLimited?: boolean;
  /** The path the API is served under on this server (`/mail`), or '' at the root. */
  readonly basePath?: string;
  /** The bearer tokens its keyed routes take (its key kinds). */
  readonly credentials?: string;
  /** A monthly quota of keyed requests: 402 on every keyed operation. */
  readonly keyQuota?: string;
  /** Examples of the operations, by operationId: on their JSON request bodies and success answers. */
  readonly examples?: ExamplesByOperation;
}

const LICENSE = { name: 'Apache 2.0', identifier: 'Apache-2.0' };

const operatorOnly = (route: RouteDefinition): boolean => 'anyScope' in route.access && route.access.anyScope.every((scope) => scope === 'admin');

/**
 * The tags in the order a reader meets them in the explorer: Health, then the customers' in the
 * order their routes come, then those only the operator's key may call.
 */
function orderedTags(routes: readonly RouteDefinition[]): string[] {
  const names = [...new Set(routes.map((route) => route.tag))];
  const forOperator = new Set(names.filter((name) => routes.filter((route) => route.tag === name).every(operatorOnly)));
  const rank = (name: string) => (name === 'Health' ? 0 : forOperator.has(name) ? 2 : 1);
  return names.map((name, index) => ({ name, index })).sort((a, b) => rank(a.name) - rank(b.name) || a.index - b.index).map(({ name }) => name);
}

/** The OpenAPI 3.1 description of exactly the routes mounted, generated from their zod schemas. */
export function buildOpenApiDocument(
  routes: readonly RouteDefinition[],
  info: { title: string; version: string; description?: string },
  options: OpenApiOptions = {},
) {
  const rateLimited = options.rateLimited ?? false;
  // Mirrors (/v1/..., /api/rate) are the same operation: listed once, named in `x-aliases`.
  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of routes) (paths[toOpenApiPath(route.path)] ??= {})[route.method] = operation(route, rateLimited, options.keyQuota, options.examples ?? {});
  const tags = orderedTags(routes).map((name) => ({ name, description: TAG_DESCRIPTIONS[name] ?? name }));
  const keyed = routes.some((route) => 'anyScope' in route.access);
  const signedIn = routes.some((route) => 'session' in route.access);
  const securitySchemes = {
    ...(keyed ? { bearerAuth: { type: 'http', scheme: 'bearer', description: options.credentials ?? 'API key' } } : {}),
    ...(signedIn ? { sessionAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT', description: SESSION_CREDENTIALS } } : {}),
  };
  return {
    openapi: '3.1.0',
    info: { ...info, license: LICENSE },
    servers: [{ url: options.basePath || '/', description: 'This server' }],
    tags,
    paths,
    components: {
      ...(keyed || signedIn ? { securitySchemes } : {}),
      schemas: { Error: errorSchema },
      ...(rateLimited ? { headers: { ...RATE_LIMIT_HEADERS, 'Retry-After': RETRY_AFTER } } : {}),
    },
  };
}
