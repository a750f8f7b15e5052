import { sql, type Selectable } from 'kysely';
import type { EndReason, PaidTier, Product, SubscriptionRepository, SubscriptionSnapshot, SubscriptionStatus } from '@tuma/subscriptions';
import type { Database } from '../database/database.ts';
import type { SubscriptionTable } from '../database/tables.ts';

const subscriptionOf = (row: Selectable<SubscriptionTable>): SubscriptionSnapshot => ({
  id: row.id,
  accountId: row.account_id,
  product: row.product as Product,
  tier: row.tier as PaidTier,
  status: row.status as SubscriptionStatus,
  currentPeriodStart: new Date(row.current_period_start),
  currentPeriodEnd: new Date(row.current_period_end),
  cancelAtPeriodEnd: row.cancel_at_period_end,
  pendingTier: row.pending_tier as PaidTier | null,
  endedAt: row.ended_at === null ? null : new Date(row.ended_at),
  endReason: row.end_reason as EndReason | null,
  createdAt: new Date(row.created_at),
  updatedAt: new Date(row.updated_at),
});

/** What a save may change: everything but the id, the account, the product and the creation. */
const changeable = (s: SubscriptionSnapshot) => ({
  tier: s.tier,
  status: s.status,
  current_period_start: s.currentPeriodStart,
  current_period_end: s.currentPeriodEnd,
  cancel_at_period_end: s.cancelAtPeriodEnd,
  pending_tier: s.pendingTier,
  ended_at: s.endedAt,
  end_reason: s.endReason,
  updated_at: s.updatedAt,
});

/** Subscriptions in `subscription`: one statement per read and write. */
export class MikroOrmSubscriptionRepository implements SubscriptionRepository {
  constructor(private readonly database: Database) {}

  async add(s: SubscriptionSnapshot): Promise<boolean> {
    // A second active subscription of a product meets the partial unique index: nothing is written.
    const added = await this.database.query
      .insertInto('subscription')
      .values({ id: s.id, account_id: s.accountId, product: s.product, created_at: s.createdAt, ...changeable(s) })
      .onConflict((oc) => oc.columns(['account_id', 'product']).where(sql<boolean>`status = 'active'`).doNothing())
      .returning('id')
      .execute();
    return added.length === 1;
  }

  async save(s: SubscriptionSnapshot): Promise<void> {
    const saved = await this.database.query.updateTable('subscription').set(changeable(s)).where('id', '=', s.id).returning('id').execute();
    if (saved.length !== 1) throw new Error(`Subscription ${s.id} was never added`);
  }

  async findActive(accountId: string, product: Product): Promise<SubscriptionSnapshot | undefined> {
    const row = await this.database.query
      .selectFrom('subscription')
      .selectAll()
      .where('account_id', '=', accountId)
      .where('product', '=', product)
      .where('status', '=', 'active')
      .executeTakeFirst();
    return row && subscriptionOf(row);
  }

  async list(accountId: string): Promise<readonly SubscriptionSnapshot[]> {
    const rows = await this.database.query.selectFrom('subscription').selectAll().where('account_id', '=', accountId).orderBy('created_at', 'desc').orderBy('id', 'desc').execute();
    return rows.map(subscriptionOf);
  }

  async lock(id: string): Promise<SubscriptionSnapshot | undefined> {
    if (!this.database.em.isInTransaction()) throw new Error('Locking a subscription needs a unit of work');
    const row = await this.database.query.selectFrom('subscription').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
    return row && subscriptionOf(row);
  }

  async dueIds(now: Date, after: string | null, limit: number): Promise<readonly string[]> {
    // Byte order (collate "C"), as ids compare everywhere else.
    const byId = sql<string>`id collate "C"`;
    const rows = await this.database.query
      .selectFrom('subscription')
      .select('id')
      .where('status', '=', 'active')
      .where('current_period_end', '<=', now.toISOString())
      .$if(after !== null, (q) => q.where(byId, '>', after!))
      .orderBy(byId)
      .limit(limit)
      .execute();
    return rows.map((row) => row.id);
  }
}
