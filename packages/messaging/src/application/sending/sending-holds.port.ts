/**
 * Whether an account's messages may leave now. A suspended account's scheduled messages, batches
 * and drips are held: they stay `queued` (cancellable, refundable) and go out once it is unsuspended.
 */
export interface SendingHolds {
  isHeld(accountId: string): Promise<boolean>;
}

/** How long a held job waits before it looks again. */
export const HOLD_RECHECK_MS = 60_000;
