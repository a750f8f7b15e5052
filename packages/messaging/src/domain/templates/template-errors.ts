import { conflict, notFound, type ConflictError, type NotFoundError } from '@tuma/kernel';

export const templateNotFound = (id: number): NotFoundError => notFound('template', String(id));

export const duplicateTemplateName = (name: string): ConflictError =>
  conflict('template', `A template named "${name.trim()}" already exists (names are unique per account, in any case)`);
