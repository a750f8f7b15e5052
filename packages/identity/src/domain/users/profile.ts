import { err, isStorableText, ok, UNSTORABLE_TEXT_MESSAGE, validationError, type FieldIssue, type Result, type ValidationError } from '@tuma/kernel';

/** A user's name and company as given: `undefined` leaves a field alone, `null` clears it. */
export interface Profile {
  readonly name?: string | null;
  readonly company?: string | null;
}

export const PROFILE_FIELD_MAX = 120;

/** Trimmed fields; an empty one clears it; too long or unstorable text is refused, naming the field. */
export function checkProfile(raw: Profile): Result<Profile, ValidationError> {
  const issues: FieldIssue[] = [];
  const field = (path: 'name' | 'company'): string | null | undefined => {
    const value = raw[path];
    if (value === undefined || value === null) return value;
    const trimmed = value.trim();
    if (trimmed.length > PROFILE_FIELD_MAX) issues.push({ path, message: `At most ${PROFILE_FIELD_MAX} characters` });
    else if (!isStorableText(trimmed)) issues.push({ path, message: UNSTORABLE_TEXT_MESSAGE });
    return trimmed === '' ? null : trimmed;
  };
  const profile = { name: field('name'), company: field('company') };
  return issues.length ? err(validationError(issues)) : ok(profile);
}
