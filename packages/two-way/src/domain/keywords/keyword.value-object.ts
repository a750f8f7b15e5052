import { err, fieldError, ok, type Result, type ValidationError } from '@tuma/kernel';
import { normalizeKeyword, OPT_IN_KEYWORDS, OPT_OUT_KEYWORDS } from '@tuma/messaging';

export const KEYWORD_MAX_LENGTH = 20;

/**
 * Words a service may not claim: texters send them to every short code to leave, come back or ask
 * for help, so a service owning one would swallow them (docs/two-way.md, "Keywords").
 */
export const RESERVED_KEYWORDS: ReadonlySet<string> = new Set([
  ...[...OPT_OUT_KEYWORDS, ...OPT_IN_KEYWORDS].filter((word) => /^[A-Z]+$/.test(word)),
  'HELP',
  'INFO',
  'AIDE',
  'MSAADA',
]);

/**
 * A shared short code's keyword: one word of ASCII letters and digits, kept upper case. Texters type
 * it on feature phones in any case, so it compares case-insensitively; ASCII only because a
 * keyword outside GSM-7 would make every message to the code a Unicode one and some handsets
 * cannot type it at all.
 */
export class Keyword {
  private constructor(readonly value: string) {}

  static create(raw: string, path = 'keyword'): Result<Keyword, ValidationError> {
    const value = Keyword.normalise(raw);
    if (!/^[A-Z0-9]+$/.test(value)) return err(fieldError(path, 'One word of letters and digits only'));
    if (value.length > KEYWORD_MAX_LENGTH) return err(fieldError(path, `At most ${KEYWORD_MAX_LENGTH} characters`));
    if (RESERVED_KEYWORDS.has(value)) return err(fieldError(path, `${value} is reserved for opt-out, opt-in and help messages`));
    return ok(new Keyword(value));
  }

  /** As keywords compare: compatibility-normalised, trimmed, upper case. */
  static normalise(raw: string): string {
    return raw.normalize('NFKC').trim().toUpperCase();
  }

  /** The keyword a text to a shared code starts with: its first word, as keywords compare. */
  static firstWordOf(text: string): string {
    return normalizeKeyword(text).split(' ')[0] ?? '';
  }

  equals(other: Keyword): boolean {
    return this.value === other.value;
  }
}
