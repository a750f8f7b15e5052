import type { EndReason, PaidTier, Product, SubscriptionSnapshot, SubscriptionStatus } from '@tuma/subscriptions';

/** A `subscription` row as the driver reads it (timestamps as ISO text). */
export interface SubscriptionRow {
  readonly id: string;
  readonly account_id: string;
  readonly product: Product;
  readonly tier: PaidTier;
  readonly status: SubscriptionStatus;
  readonly current_period_start: string;
  readonly current_period_end: string;
  readonly cancel_at_period_end: boolean;
  readonly pending_tier: PaidTier | null;
  readonly ended_at: string | null;
  readonly end_reason: EndReason | null;
  readonly created_at: string;
  readonly updated_at: string;
}

export const INSERT_COLUMNS =
  'id, account_id, product, tier, status, current_period_start, current_period_end, cancel_at_period_end, pending_tier, ended_at, end_reason, created_at, updated_at';

export const SUBSCRIPTION_COLUMNS = `s.id, s.account_id, s.product, s.tier, s.status, s.current_period_start::text as current_period_start,
  s.current_period_end::text as current_period_end, s.cancel_at_period_end, s.pending_tier, s.ended_at::text as ended_at, s.end_reason,
  s.created_at::text as created_at, s.updated_at::text as updated_at`;

const date = (text: string | null): Date | null => (text === null ? null : new Date(text));

export const subscriptionFromRow = (row: SubscriptionRow): SubscriptionSnapshot => ({
  id: row.id,
  accountId: row.account_id,
  product: row.product,
  tier: row.tier,
  status: row.status,
  currentPeriodStart: new Date(row.current_period_start),
  currentPeriodEnd: new Date(row.current_period_end),
  cancelAtPeriodEnd: row.cancel_at_period_end,
  pendingTier: row.pending_tier,
  endedAt: date(row.ended_at),
  endReason: row.end_reason,
  createdAt: new Date(row.created_at),
  updatedAt: new Date(row.updated_at),
});

/** The row's values in INSERT_COLUMNS order. */
export const subscriptionValues = (s: SubscriptionSnapshot): unknown[] => [
  s.id,
  s.accountId,
  s.product,
  s.tier,
  s.status,
  s.currentPeriodStart.toISOString(),
  s.currentPeriodEnd.toISOString(),
  s.cancelAtPeriodEnd,
  s.pendingTier,
  s.endedAt?.toISOString() ?? null,
  s.endReason,
  s.createdAt.toISOString(),
  s.updatedAt.toISOString(),
];
