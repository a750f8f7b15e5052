import type { Selectable } from 'kysely';
import { TopUp, type PaymentProviderName, type TopUpRepository, type TopUpStatus } from '@tuma/billing';
import type { Database } from '../database/database.ts';
import type { TopUpTable } from '../database/tables.ts';
import { storedMoney } from '../database/stored-money.ts';

const topUpOf = (row: Selectable<TopUpTable>): TopUp =>
  TopUp.rehydrate({
    id: row.id,
    accountId: row.account_id,
    amount: storedMoney(row.amount, row.currency, `amount of top-up ${row.id}`),
    provider: row.provider as PaymentProviderName,
    providerSessionId: row.provider_session_id,
    checkoutUrl: row.checkout_url,
    customerEmail: row.customer_email,
    status: row.status as TopUpStatus,
    failureReason: row.failure_reason,
    createdAt: new Date(row.created_at),
    updatedAt: new Date(row.updated_at),
    completedAt: row.completed_at === null ? null : new Date(row.completed_at),
  });

/** Top-ups in the `top_up` table. */
export class MikroOrmTopUpRepository implements TopUpRepository {
  constructor(private readonly database: Database) {}

  /** Inserts, or overwrites every column of the top-up with its id. */
  async save(topUp: TopUp): Promise<void> {
    const t = topUp.toSnapshot();
    const row = {
      account_id: t.accountId,
      amount: t.amount.toDecimalString(),
      currency: t.amount.currency,
      provider: t.provider,
      provider_session_id: t.providerSessionId,
      checkout_url: t.checkoutUrl,
      customer_email: t.customerEmail,
      status: t.status,
      failure_reason: t.failureReason,
      created_at: t.createdAt,
      updated_at: t.updatedAt,
      completed_at: t.completedAt,
    };
    await this.database.query
      .insertInto('top_up')
      .values({ id: t.id, ...row })
      .onConflict((oc) => oc.column('id').doUpdateSet(row))
      .execute();
  }

  async findById(id: string): Promise<TopUp | undefined> {
    const row = await this.database.query.selectFrom('top_up').selectAll().where('id', '=', id).executeTakeFirst();
    return row && topUpOf(row);
  }

  async findBySession(provider: PaymentProviderName, sessionId: string, options: { readonly forUpdate?: boolean } = {}): Promise<TopUp | undefined> {
    const row = await this.database.query
      .selectFrom('top_up')
      .selectAll()
      .where('provider', '=', provider)
      .where('provider_session_id', '=', sessionId)
      .$if(options.forUpdate === true, (q) => q.forUpdate())
      .executeTakeFirst();
    return row && topUpOf(row);
  }
}
