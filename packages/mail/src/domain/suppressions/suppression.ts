/**
 * Why an address is on an account's suppression list (docs/mail.md, "Suppressions"): a hard
 * bounce (the address does not exist, or its server refuses us for good) or a spam complaint.
 */
export const SUPPRESSION_REASONS = ['hard_bounce', 'complaint'] as const;
export type SuppressionReason = (typeof SUPPRESSION_REASONS)[number];

/** The reason a recipient dropped for being suppressed gets on its `failed` event. */
export const SUPPRESSED = 'suppressed';

export interface Suppression {
  readonly id: string;
  readonly accountId: string;
  /** Lower-case. */
  readonly email: string;
  readonly reason: SuppressionReason;
  /** The email whose bounce or complaint put it there. */
  readonly emailId: string | null;
  /** What the receiving server said (a bounce's reply), if anything. */
  readonly detail: string | null;
  readonly createdAt: Date;
}

/**
 * A bounce is hard unless its reply says the failure is temporary: a 4xx reply or a 4.x.x status
 * (mailbox full, greylisting) may pass later and suppresses nothing. A bounce without a reply is
 * taken as hard, as the report of a message that could not be delivered at all.
 */
export function isHardBounce(reason: string | null): boolean {
  return reason === null || !/^\s*4(\d\d|\.\d{1,3}\.\d{1,3})\b/.test(reason);
}
