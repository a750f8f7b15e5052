import type { BatchRepository, MessageBatch } from '@tuma/messaging';
import type { Database } from '../database/database.ts';
import { batchFromRow } from './message-rows.ts';

/** Bulk sends in `message_batch`. */
export class MikroOrmBatchRepository implements BatchRepository {
  constructor(private readonly database: Database) {}

  async add(batch: MessageBatch): Promise<void> {
    await this.database.query
      .insertInto('message_batch')
      .values({
        id: batch.id,
        account_id: batch.accountId,
        api_key_id: batch.apiKeyId,
        environment: batch.environment,
        status: batch.status,
        text: batch.text,
        sender_id: batch.senderId,
        total: batch.total,
        cost: batch.cost.toDecimalString(),
        currency: batch.cost.currency,
        charge_entry_id: batch.chargeEntryId,
        scheduled_at: batch.scheduledAt,
        drip_rate: batch.dripRate,
        created_at: batch.createdAt,
      })
      .execute();
  }

  async find(accountId: string, id: string): Promise<MessageBatch | undefined> {
    const row = await this.database.query.selectFrom('message_batch').selectAll().where('id', '=', id).where('account_id', '=', accountId).executeTakeFirst();
    return row && batchFromRow(row);
  }

  async list(accountId: string, offset: number, limit: number): Promise<readonly MessageBatch[]> {
    const rows = await this.database.query
      .selectFrom('message_batch')
      .selectAll()
      .where('account_id', '=', accountId)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .offset(offset)
      .execute();
    return rows.map(batchFromRow);
  }
}
