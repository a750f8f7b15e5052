import { LockMode, type InferEntity } from '@mikro-orm/core';
import { TopUp, type PaymentProviderName, type TopUpRepository, type TopUpStatus } from '@tuma/billing';
import type { Database } from '../database/database.ts';
import { TopUpRecord } from './top-up.entity.ts';
import { storedMoney } from '../database/stored-money.ts';

type Row = InferEntity<typeof TopUpRecord>;

function toDomain(row: Row): TopUp {
  return TopUp.rehydrate({
    id: row.id,
    accountId: row.accountId,
    amount: storedMoney(row.amount, row.currency, `amount of top-up ${row.id}`),
    provider: row.provider as PaymentProviderName,
    providerSessionId: row.providerSessionId,
    checkoutUrl: row.checkoutUrl,
    customerEmail: row.customerEmail ?? null,
    status: row.status as TopUpStatus,
    failureReason: row.failureReason ?? null,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    completedAt: row.completedAt ?? null,
  });
}

/** Top-ups in the `top_up` table. */
export class MikroOrmTopUpRepository implements TopUpRepository {
  constructor(private readonly database: Database) {}

  async save(topUp: TopUp): Promise<void> {
    const { amount, ...rest } = topUp.toSnapshot();
    await this.database.em.upsert(TopUpRecord, { ...rest, amount: amount.toDecimalString(), currency: amount.currency });
  }

  async findById(id: string): Promise<TopUp | undefined> {
    const row = await this.database.em.findOne(TopUpRecord, { id }, { refresh: true });
    return row ? toDomain(row) : undefined;
  }

  async findBySession(provider: PaymentProviderName, sessionId: string, options: { readonly forUpdate?: boolean } = {}): Promise<TopUp | undefined> {
    const row = await this.database.em.findOne(
      TopUpRecord,
      { provider, providerSessionId: sessionId },
      { refresh: true, ...(options.forUpdate ? { lockMode: LockMode.PESSIMISTIC_WRITE } : {}) },
    );
    return row ? toDomain(row) : undefined;
  }
}
