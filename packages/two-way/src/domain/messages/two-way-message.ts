import type { Money } from '@tuma/kernel';

export type TwoWayDirection = 'inbound' | 'outbound';

/**
 * One message of a service's log (`GET /services/{id}/messages`): every inbound message to it,
 * stored whatever the service's state or the wallet's, and every reply and auto-reply from it.
 */
export interface TwoWayMessage {
  /** The inbound message's `mo_...`, or the outbound message's `msg_...`. */
  readonly id: string;
  readonly serviceId: number;
  readonly direction: TwoWayDirection;
  readonly from: string;
  readonly to: string;
  readonly text: string;
  /** The service's keyword the message came in on (shared codes); null otherwise and for outbound ones. */
  readonly keyword: string | null;
  /** The texter: `from` of an inbound message, `to` of an outbound one. */
  readonly phone: string;
  /** `received` for inbound ones; an outbound one's status as sent (the log shows its current one). */
  readonly status: string;
  /** Whether an inbound message's price was collected (false when the wallet could not pay); null for outbound ones. */
  readonly billed: boolean | null;
  /** What was charged, in the wallet currency (zero when nothing was). */
  readonly cost: Money;
  readonly autoReply: boolean;
  readonly createdAt: Date;
}
