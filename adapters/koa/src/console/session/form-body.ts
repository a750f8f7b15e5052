import type { Context, Next } from 'koa';
import { HttpError } from '../../http/http-error.ts';

/** The largest form the console takes (no file uploads yet). */
export const FORM_LIMIT_BYTES = 64 * 1024;

/** Reads an `application/x-www-form-urlencoded` body into `ctx.state.form` (URLSearchParams); other bodies are 415, larger ones 413. */
export function formBody() {
  return async (ctx: Context, next: Next) => {
    if (ctx.method !== 'POST') return next();
    if (Number(ctx.get('Content-Length') || 0) > FORM_LIMIT_BYTES) throw new HttpError(413, 'payload_too_large', 'This form is too large');
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of ctx.req) {
      size += (chunk as Buffer).length;
      if (size > FORM_LIMIT_BYTES) throw new HttpError(413, 'payload_too_large', 'This form is too large');
      chunks.push(chunk as Buffer);
    }
    const text = Buffer.concat(chunks).toString('utf8');
    if (text && !ctx.is('application/x-www-form-urlencoded')) throw new HttpError(415, 'unsupported_media_type', 'The console takes forms (application/x-www-form-urlencoded)');
    ctx.state.form = new URLSearchParams(text);
    return next();
  };
}
