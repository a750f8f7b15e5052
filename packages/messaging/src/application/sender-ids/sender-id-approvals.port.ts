/**
 * Which sender IDs an account may send with, per country: what sends check before using a
 * sender ID (approved for the destination country, else the route default or 403).
 */
export interface SenderIdApprovals {
  /**
   * Whether the account's sender ID `name` (exact, case-sensitive) is approved for the country
   * (ISO alpha-2, any case). One query.
   */
  approvedSenderIdFor(accountId: string, name: string, countryCode: string): Promise<boolean>;
  /** Every country (upper-case ISO alpha-2) where the account's `name` is approved; empty when none. */
  approvedCountriesOf(accountId: string, name: string): Promise<ReadonlySet<string>>;
}
