import { conflict, notFound, type ConflictError, type DomainError, type NotFoundError } from '@tuma/kernel';

export const contactListNotFound = (id: number): NotFoundError => notFound('contact_list', String(id));

export const contactNotFound = (phone: string): NotFoundError => notFound('contact', phone);

export const duplicateContactListName = (name: string): ConflictError =>
  conflict('contact_list', `A contact list named "${name.trim()}" already exists (names are unique per account, in any case)`);

/** A CSV file with more data rows than one import takes. */
export interface TooManyRowsError extends DomainError {
  readonly type: 'too_many_rows';
  /** The most data rows one import takes. */
  readonly limit: number;
}

export const tooManyRows = (rows: number, limit: number): TooManyRowsError => ({
  type: 'too_many_rows',
  limit,
  message: `The file has ${rows} data rows; one import takes at most ${limit}`,
});
