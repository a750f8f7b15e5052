import type { DomainError } from '@tuma/kernel';

/** The slug is another link's on the same domain (409). */
export interface SlugTakenError extends DomainError {
  readonly type: 'slug_taken';
  readonly slug: string;
}

export const slugTaken = (slug: string): SlugTakenError => ({ type: 'slug_taken', slug, message: `The slug ${slug} is already used on this domain` });

export type LinkError = SlugTakenError;
