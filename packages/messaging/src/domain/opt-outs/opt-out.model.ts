import { err, fieldError, ok, type Result, type ValidationError } from '@tuma/kernel';

export const OPT_OUT_SOURCES = ['api', 'sms'] as const;
/** `sms`: the recipient texted a STOP keyword; `api`: added through `POST /api/opt-outs`. */
export type OptOutSource = (typeof OPT_OUT_SOURCES)[number];

/** How a number came onto the list: through the API, or by texting a keyword (which is kept). */
export type OptOutOrigin = { readonly source: 'api'; readonly keyword: null } | { readonly source: 'sms'; readonly keyword: string };

/** One number on an account's opt-out list. */
export interface OptOut {
  readonly accountId: string;
  /** E.164, as `PhoneNumber.e164` gives it. */
  readonly phone: string;
  readonly source: OptOutSource;
  /** The STOP keyword the recipient texted (upper case); null for `api`. */
  readonly keyword: string | null;
  readonly createdAt: Date;
}

/** The spec's "Opt-out list rows": up to 1000 per page, 200 by default. */
export const OPT_OUT_LIST_MAX_LIMIT = 1000;
export const OPT_OUT_LIST_DEFAULT_LIMIT = 200;
/** Longer than any STOP word of any language (UNSUBSCRIBE is 11). */
export const OPT_OUT_KEYWORD_MAX_LENGTH = 32;

export const API_ORIGIN: OptOutOrigin = { source: 'api', keyword: null };

/**
 * The origin of an opt-out by SMS: the keyword trimmed and in upper case (keywords match in any
 * case), 1 to 32 characters without control characters.
 */
export function smsOrigin(keyword: string): Result<OptOutOrigin, ValidationError> {
  const canonical = keyword.trim().toUpperCase();
  const length = [...canonical].length;
  if (length === 0 || length > OPT_OUT_KEYWORD_MAX_LENGTH) {
    return err(fieldError('keyword', `A keyword is 1 to ${OPT_OUT_KEYWORD_MAX_LENGTH} characters`));
  }
  if (/[\p{Cc}\p{Cs}]/u.test(canonical)) return err(fieldError('keyword', 'A keyword must not contain control characters'));
  return ok({ source: 'sms', keyword: canonical });
}
