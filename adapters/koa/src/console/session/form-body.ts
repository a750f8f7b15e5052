import type { Context, Next } from 'koa';
import { HttpError } from '../../http/http-error.ts';

/** The largest form the console takes without a file. */
export const FORM_LIMIT_BYTES = 64 * 1024;

/** A file posted with a form (`<input type="file">`). */
export interface UploadedFile {
  readonly name: string;
  readonly type: string;
  readonly bytes: Buffer;
}

const tooLarge = (limit: number) => new HttpError(413, 'payload_too_large', `This form is larger than ${limit} bytes`);

async function readBody(ctx: Context, limit: number): Promise<Buffer> {
  if (Number(ctx.get('Content-Length') || 0) > limit) throw tooLarge(limit);
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of ctx.req) {
    size += (chunk as Buffer).length;
    if (size > limit) throw tooLarge(limit);
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

/**
 * Reads a POST's form into `ctx.state.form` (URLSearchParams of its text fields) and, on a page
 * that takes uploads (`uploadLimitBytes`), its files into `ctx.state.files` (multipart/form-data,
 * parsed by the platform's own `Response.formData`). Other bodies are 415, larger ones 413.
 */
export function formBody(uploadLimitBytes?: number) {
  return async (ctx: Context, next: Next) => {
    if (ctx.method !== 'POST') return next();
    const multipart = uploadLimitBytes !== undefined && ctx.is('multipart/form-data') === 'multipart/form-data';
    const bytes = await readBody(ctx, multipart ? uploadLimitBytes : FORM_LIMIT_BYTES);
    const form = new URLSearchParams();
    const files = new Map<string, UploadedFile>();
    if (multipart) {
      const parsed = await new Response(bytes, { headers: { 'Content-Type': ctx.get('Content-Type') } }).formData().catch(() => {
        throw new HttpError(400, 'invalid_form', 'This form could not be read');
      });
      for (const [name, value] of parsed) {
        if (typeof value === 'string') form.append(name, value);
        else files.set(name, { name: value.name, type: value.type, bytes: Buffer.from(await value.arrayBuffer()) });
      }
    } else if (bytes.length > 0) {
      if (!ctx.is('application/x-www-form-urlencoded')) throw new HttpError(415, 'unsupported_media_type', 'The console takes forms (application/x-www-form-urlencoded)');
      for (const [name, value] of new URLSearchParams(bytes.toString('utf8'))) form.append(name, value);
    }
    ctx.state.form = form;
    ctx.state.files = files;
    return next();
  };
}
