import { err, fieldError, ok, randomBase62, type Result, type ValidationError } from '@tuma/kernel';

const SLUG = /^[A-Za-z0-9_-]{1,64}$/;
/** A generated slug: 7 base62 characters, about 3.5e12 of them (Bitly's and Dub's length). */
export const GENERATED_SLUG_LENGTH = 7;

/** The path of a short link on its domain: 1-64 of `[A-Za-z0-9_-]`, case-sensitive (`Promo` is not `promo`). */
export class Slug {
  private constructor(readonly value: string) {}

  static create(raw: string): Result<Slug, ValidationError> {
    return SLUG.test(raw) ? ok(new Slug(raw)) : err(fieldError('slug', 'A slug is 1-64 characters of A-Z, a-z, 0-9, _ and -'));
  }

  static generate(): Slug {
    return new Slug(randomBase62(GENERATED_SLUG_LENGTH));
  }

  equals(other: Slug): boolean {
    return this.value === other.value;
  }
}
