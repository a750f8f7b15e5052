import type { z } from 'zod';
import { HttpError, type ErrorDetail } from './http-error.ts';

type Location = NonNullable<ErrorDetail['in']>;

const pathOf = (path: readonly PropertyKey[]): string => path.map(String).join('.');

export type Parsed<T> = { ok: true; value: T } | { ok: false; details: ErrorDetail[] };

/** Parses one part of a request, describing every offending field on failure. */
export function parseInput<S extends z.ZodType>(schema: S, value: unknown, location: Location): Parsed<z.output<S>> {
  const result = schema.safeParse(value);
  if (result.success) return { ok: true, value: result.data };
  const details: ErrorDetail[] = result.error.issues.flatMap((issue) => {
    if (issue.code === 'unrecognized_keys') {
      return issue.keys.map((key) => ({ path: pathOf([...issue.path, key]), message: 'Unknown field', in: location }));
    }
    return [{ path: pathOf(issue.path), message: issue.message, in: location }];
  });
  return { ok: false, details };
}

/** All parts parsed, or one 422 naming every offending field across path, query and body. */
export function requireAll<T extends readonly Parsed<unknown>[]>(...parts: T): { [K in keyof T]: T[K] extends Parsed<infer V> ? V : never } {
  const details = parts.flatMap((part) => (part.ok ? [] : part.details));
  if (details.length > 0) throw new HttpError(422, 'validation_error', 'Request validation failed', details);
  return parts.map((part) => (part as { value: unknown }).value) as never;
}
