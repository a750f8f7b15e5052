import { err, ok, type FieldIssue, type Result } from '@tuma/kernel';

/** A request names at most every market once. */
export const SENDER_ID_MAX_COUNTRIES = 54;

const ALPHA_2 = /^[A-Z]{2}$/;

/**
 * The countries of a sender-ID request: ISO alpha-2 codes in any case, each one of our markets,
 * upper-cased and deduplicated in the order given. Every bad entry is named (`countries.3`).
 */
export function parseSenderIdCountries(raw: readonly string[], markets: ReadonlySet<string>): Result<readonly string[], FieldIssue[]> {
  if (raw.length === 0) return err([{ path: 'countries', message: 'Name at least one country' }]);
  if (raw.length > SENDER_ID_MAX_COUNTRIES) return err([{ path: 'countries', message: `At most ${SENDER_ID_MAX_COUNTRIES} countries` }]);
  const issues: FieldIssue[] = [];
  const countries: string[] = [];
  raw.forEach((entry, index) => {
    const code = entry.trim().toUpperCase();
    if (!ALPHA_2.test(code)) issues.push({ path: `countries.${index}`, message: `Not an ISO 3166-1 alpha-2 code: ${entry}` });
    else if (!markets.has(code)) issues.push({ path: `countries.${index}`, message: `Not one of our markets: ${code}` });
    else if (!countries.includes(code)) countries.push(code);
  });
  return issues.length > 0 ? err(issues) : ok(countries);
}
