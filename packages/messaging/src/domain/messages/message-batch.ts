/** A bulk send: one text to many recipients, one charge, members sent by jobs. */
import type { Money } from '@tuma/kernel';
import type { MessageEnvironment } from './outbound-message.ts';

/** `sending` (now), `scheduled` (all at one time) or `dripping` (drip_rate per minute). */
export const BATCH_STATUSES = ['sending', 'scheduled', 'dripping'] as const;
export type BatchStatus = (typeof BATCH_STATUSES)[number];

export interface MessageBatch {
  readonly id: string;
  readonly accountId: string;
  readonly apiKeyId: string | null;
  readonly environment: MessageEnvironment;
  readonly status: BatchStatus;
  /** The text as given, with its `{{placeholders}}`. */
  readonly text: string;
  /** The sender ID asked for; null when the routes' defaults are used. */
  readonly senderId: string | null;
  /** Members (unique, not opted out). */
  readonly total: number;
  /** What the members cost together, in the wallet currency; charged at once for live batches. */
  readonly cost: Money;
  readonly chargeEntryId: string | null;
  readonly scheduledAt: Date | null;
  /** Messages per minute of a drip; null otherwise. */
  readonly dripRate: number | null;
  readonly createdAt: Date;
}

export interface BatchRepository {
  add(batch: MessageBatch): Promise<void>;
  find(accountId: string, id: string): Promise<MessageBatch | undefined>;
  /** The account's batches, newest first (`limit` + 1 read by callers to know of a next page). */
  list(accountId: string, offset: number, limit: number): Promise<readonly MessageBatch[]>;
}
