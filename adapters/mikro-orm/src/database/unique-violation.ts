import { UniqueConstraintViolationException } from '@mikro-orm/core';

/**
 * Whether `error` is a unique constraint's refusal (SQLSTATE 23505): as MikroORM wraps it, or as
 * the driver throws it under a Kysely statement (node-postgres' and PGlite's errors carry `code`).
 */
export function isUniqueViolation(error: unknown): boolean {
  return error instanceof UniqueConstraintViolationException || (typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23505');
}
