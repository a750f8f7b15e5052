import type { BroadcastAudience, BroadcastProgress, BroadcastRecipient, BroadcastSnapshot } from '../../domain/broadcasts/broadcast.ts';

/**
 * Broadcasts and their recipients. A broadcast's recipients are a snapshot of its list taken in
 * one write when it is accepted; dispatch jobs then claim them chunk by chunk, each claim a state
 * transition in the unit of work that writes their emails, so a recipient gets one email however
 * often a job runs.
 */
export interface BroadcastRepository {
  /**
   * Stores the broadcast and snapshots its list's contacts as recipients, numbered from 0 in the
   * list's order, in one statement whatever the list's size: unsubscribed contacts and addresses
   * on the account's suppression list are kept as skipped, the others `pending`.
   */
  create(broadcast: BroadcastSnapshot): Promise<BroadcastAudience>;
  find(accountId: string, id: string): Promise<BroadcastSnapshot | undefined>;
  /** Any account's (the dispatch job's read). */
  findById(id: string): Promise<BroadcastSnapshot | undefined>;
  /** Newest first; `after` a broadcast id (the cursor). */
  list(accountId: string, page: { readonly after?: string; readonly limit: number }): Promise<readonly BroadcastSnapshot[]>;
  /**
   * Claims the `pending` recipients with `from <= seq < to`: those whose contact unsubscribed
   * since become `skipped_unsubscribed`, the others `queued` and are answered (in seq order) for
   * the caller to write their emails in the same unit of work. A recipient is claimed once: a
   * concurrent or repeated claim finds it no longer pending.
   */
  claim(broadcastId: string, from: number, to: number): Promise<readonly BroadcastRecipient[]>;
  /** Names the email written for each claimed recipient. */
  linkEmails(broadcastId: string, emails: readonly { readonly seq: number; readonly emailId: string }[]): Promise<void>;
  /** Marks the broadcast cancelled and its `pending` recipients `cancelled`; answers how many were. */
  cancel(broadcastId: string, at: Date): Promise<number>;
  progress(broadcastId: string): Promise<BroadcastProgress>;
}
