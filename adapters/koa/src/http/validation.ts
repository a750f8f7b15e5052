import type { z } from 'zod';
import { HttpError, type ErrorDetail } from './http-error.ts';

type Location = NonNullable<ErrorDetail['in']>;

const pathOf = (path: readonly PropertyKey[]): string => path.map(String).join('.');

/** Parses one part of a request; a failure is a 422 naming every offending field. */
export function parseInput<S extends z.ZodType>(schema: S, value: unknown, location: Location): z.output<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const details: ErrorDetail[] = result.error.issues.flatMap((issue) => {
    if (issue.code === 'unrecognized_keys') {
      return issue.keys.map((key) => ({ path: pathOf([...issue.path, key]), message: 'Unknown field', in: location }));
    }
    return [{ path: pathOf(issue.path), message: issue.message, in: location }];
  });
  throw new HttpError(422, 'validation_error', 'Request validation failed', details);
}
