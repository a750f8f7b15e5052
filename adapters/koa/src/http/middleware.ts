import { newId } from '@tuma/kernel';
import type { Context, Next } from 'koa';
import { HttpError } from './http-error.ts';
import { outageAnswer, type OutageWatch } from './service-unavailable.ts';
import { decodeText } from './text-encoding.ts';
import type { RawBodyOptions } from './route.ts';

export interface HttpLogger {
  info(entry: Record<string, unknown>): void;
  error(entry: Record<string, unknown>): void;
}

const SAFE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** A well-formed X-Request-Id from the caller, or a new one. */
export const requestIdOf = (incoming: string | undefined): string => (incoming !== undefined && SAFE_REQUEST_ID.test(incoming) ? incoming : newId('evt').replace(/^evt_/, 'req_'));

/** The 500's body: no detail of ours, the request id to quote to support. */
export const internalErrorBody = (requestId: string) => ({ error: { code: 'internal_error', message: 'Something went wrong on our side', request_id: requestId } });

/** Takes a well-formed X-Request-Id from the caller or mints one; echoes it back. */
export function requestId() {
  return async (ctx: Context, next: Next) => {
    ctx.state.requestId = requestIdOf(ctx.get('X-Request-Id'));
    ctx.set('X-Request-Id', ctx.state.requestId);
    await next();
  };
}

/**
 * The client closed the connection before its request was read (or answered): nobody to answer,
 * and no fault of ours, so it is logged as an abort, not as a 500 (anyone could flood that log).
 * Its socket is gone: a request read to its end is destroyed too, and a database connection reset
 * then (ECONNRESET as well) is ours to answer.
 */
const clientWentAway = (ctx: Context, error: unknown): boolean =>
  ctx.req.destroyed && (ctx.req.socket?.destroyed ?? true) && ['ECONNRESET', 'ECONNABORTED', 'ERR_STREAM_PREMATURE_CLOSE'].includes(String((error as NodeJS.ErrnoException)?.code));

/**
 * Turns whatever is thrown into the JSON error body. HttpErrors are answered as they are; an
 * unreachable database (as `outages` tells) is a 503 with Retry-After, logged once per outage by
 * `outages`; anything else is a bug: 500 with the request id, logged, no stack to the client.
 */
export function errorHandler(logger: HttpLogger, outages?: OutageWatch) {
  return async (ctx: Context, next: Next) => {
    const started = performance.now();
    let aborted = false;
    try {
      await next();
    } catch (error) {
      if (clientWentAway(ctx, error)) {
        aborted = true;
        return;
      }
      const answer = error instanceof HttpError ? error : outageAnswer(error, outages);
      if (answer) {
        ctx.status = answer.status;
        ctx.body = answer.toBody();
        if (answer.headers) ctx.set(answer.headers);
      } else {
        logger.error({ msg: 'unhandled error', request_id: ctx.state.requestId, error: String((error as Error)?.stack ?? error) });
        ctx.status = 500;
        ctx.body = internalErrorBody(ctx.state.requestId);
      }
    } finally {
      logger.info({
        msg: 'request',
        request_id: ctx.state.requestId,
        method: ctx.method,
        path: ctx.path,
        status: aborted ? 'aborted' : ctx.status,
        ms: Math.round(performance.now() - started),
      });
    }
  };
}

/** Unmatched paths and methods get the same JSON error body as everything else. */
export function notFoundAndMethodNotAllowed() {
  return async (ctx: Context, next: Next) => {
    await next();
    if (ctx.body !== undefined && ctx.body !== null) return;
    if (ctx.status === 405) {
      throw new HttpError(405, 'method_not_allowed', `${ctx.method} is not allowed on ${ctx.path}`, undefined, {
        allow: String(ctx.response.get('Allow')).split(/,\s*/),
      }, { Allow: String(ctx.response.get('Allow')) });
    }
    if (ctx.status === 404) throw new HttpError(404, 'not_found', `No route for ${ctx.method} ${ctx.path}`);
  };
}

const METHODS_WITH_BODY = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Reads a JSON body up to `limitBytes`. An empty body parses as undefined; malformed JSON is a 400,
 * an oversized body a 413, and a non-JSON content type a 415. A route with `rawBody` options gets
 * its body as text instead, of one of its content types (else 415) and up to its own limit; a JSON
 * route with a limit of its own (`routeLimitOf`) takes bodies up to it.
 */
export function jsonBody(limitBytes: number, rawBodyOf: (ctx: Context) => RawBodyOptions | undefined = () => undefined, routeLimitOf: (ctx: Context) => number | undefined = () => undefined) {
  return async (ctx: Context, next: Next) => {
    if (!METHODS_WITH_BODY.has(ctx.method)) return next();
    const raw = rawBodyOf(ctx);
    const limit = raw?.limitBytes ?? routeLimitOf(ctx) ?? limitBytes;
    const declared = Number(ctx.get('Content-Length') || 0);
    if (declared > limit) throw tooLarge(limit);
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of ctx.req) {
      size += (chunk as Buffer).length;
      if (size > limit) throw tooLarge(limit);
      chunks.push(chunk as Buffer);
    }
    const bytes = Buffer.concat(chunks);
    const text = bytes.toString('utf8');
    ctx.state.rawBody = text;
    if (text.trim() === '') {
      ctx.state.body = undefined;
      return next();
    }
    if (raw) {
      if (!ctx.is(...raw.contentTypes)) throw new HttpError(415, 'unsupported_media_type', `Send the body with Content-Type: ${raw.contentTypes.join(' or ')}`);
      const decoded = decodeText(bytes, ctx.request.charset || undefined);
      ctx.state.body = decoded.text;
      ctx.state.bodyEncoding = decoded.encoding;
      return next();
    }
    if (!ctx.is('application/json', 'application/*+json')) {
      throw new HttpError(415, 'unsupported_media_type', 'Send the body as JSON with Content-Type: application/json');
    }
    try {
      ctx.state.body = JSON.parse(text);
    } catch (error) {
      throw new HttpError(400, 'invalid_json', `Malformed JSON body: ${(error as Error).message}`);
    }
    return next();
  };
}

const tooLarge = (limitBytes: number) =>
  new HttpError(413, 'payload_too_large', `The request body exceeds the limit of ${limitBytes} bytes`);
