/** What happened to an email for one recipient after the transport took it: the mail webhook events that come from delivery. */
export const OUTCOME_EVENTS = ['sent', 'delivered', 'bounced', 'complained', 'failed'] as const;
export type OutcomeEvent = (typeof OUTCOME_EVENTS)[number];

export interface MailOutcome {
  readonly emailId: string;
  readonly recipient: string;
  readonly event: OutcomeEvent;
  readonly at: Date;
  /** Why, for `bounced` and `failed`. */
  readonly reason: string | null;
}

/** Where delivery outcomes go (statuses, webhooks, suppressions: the send work hooks in here). */
export interface MailOutcomes {
  record(outcome: MailOutcome): Promise<void>;
}
