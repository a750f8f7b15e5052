import { conflict, notFound, type ConflictError, type NotFoundError } from '@tuma/kernel';

export { tooManyRows, type TooManyRowsError } from '@tuma/kernel';

export const contactListNotFound = (id: number): NotFoundError => notFound('contact_list', String(id));

export const contactNotFound = (phone: string): NotFoundError => notFound('contact', phone);

export const duplicateContactListName = (name: string): ConflictError =>
  conflict('contact_list', `A contact list named "${name.trim()}" already exists (names are unique per account, in any case)`);
