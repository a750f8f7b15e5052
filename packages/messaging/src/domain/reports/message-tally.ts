/**
 * What reports say about a set of messages: counts per status, segments and money. The rates and
 * groups the API shows are derived here, once, from what either implementation of
 * `MessageReports` counted.
 */
import { Money, type CurrencyCode } from '@tuma/kernel';
import { OUTBOUND_MESSAGE_STATUSES, type OutboundMessageStatus } from '../delivery/message-status.ts';

/** Not final yet: accepted, being handed to the carrier, or waiting for its receipts. */
export const PENDING_STATUSES = ['queued', 'sent', 'submitted'] as const satisfies readonly OutboundMessageStatus[];

export type StatusCounts = Readonly<Record<OutboundMessageStatus, number>>;

export interface MessageTally {
  readonly counts: StatusCounts;
  readonly segments: number;
  /** The sum of their costs: charged when they were accepted (live), or what would have been (test). */
  readonly cost: Money;
  /** The part of `cost` that goes back to the wallet (`refundsItsCost`). */
  readonly refunded: Money;
}

export const noMessages = (currency: CurrencyCode): MessageTally => ({
  counts: Object.fromEntries(OUTBOUND_MESSAGE_STATUSES.map((status) => [status, 0])) as Record<OutboundMessageStatus, number>,
  segments: 0,
  cost: Money.zero(currency),
  refunded: Money.zero(currency),
});

/** The tally of the union of disjoint sets of messages (e.g. the days of a window). */
export const sumOfTallies = (tallies: readonly MessageTally[], currency: CurrencyCode): MessageTally =>
  tallies.reduce(
    (sum, tally) => ({
      counts: Object.fromEntries(OUTBOUND_MESSAGE_STATUSES.map((status) => [status, sum.counts[status] + tally.counts[status]])) as Record<OutboundMessageStatus, number>,
      segments: sum.segments + tally.segments,
      cost: sum.cost.add(tally.cost),
      refunded: sum.refunded.add(tally.refunded),
    }),
    noMessages(currency),
  );

export const messageCount = (counts: StatusCounts): number => OUTBOUND_MESSAGE_STATUSES.reduce((sum, status) => sum + counts[status], 0);

export const pendingCount = (counts: StatusCounts): number => PENDING_STATUSES.reduce((sum, status) => sum + counts[status], 0);

/** What the messages cost net of refunds. */
export const spendOf = (tally: MessageTally): Money => tally.cost.subtract(tally.refunded);

/** Decimals of a delivery rate. */
const RATE_SCALE = 10_000;

/**
 * delivered / (delivered + failed), rounded to 4 decimals; null when no message has an outcome.
 * Rejected messages never went to a carrier and pending ones have no outcome yet: neither counts.
 */
export function deliveryRate(delivered: number, failed: number): number | null {
  const outcomes = delivered + failed;
  return outcomes === 0 ? null : Math.round((delivered * RATE_SCALE) / outcomes) / RATE_SCALE;
}
