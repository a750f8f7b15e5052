import type { BatchRepository, MessageBatch } from '@tuma/messaging';
import type { Database } from '../database/database.ts';
import { batchFromRow, type BatchRow } from './message-rows.ts';

export class MikroOrmBatchRepository implements BatchRepository {
  constructor(private readonly database: Database) {}

  async add(batch: MessageBatch): Promise<void> {
    await this.database.em.execute(
      `insert into message_batch (id, account_id, api_key_id, environment, status, text, sender_id, total, cost, currency, charge_entry_id,
         scheduled_at, drip_rate, created_at) values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?::timestamptz, ?, ?::timestamptz)`,
      [
        batch.id,
        batch.accountId,
        batch.apiKeyId,
        batch.environment,
        batch.status,
        batch.text,
        batch.senderId,
        batch.total,
        batch.cost.toDecimalString(),
        batch.cost.currency,
        batch.chargeEntryId,
        batch.scheduledAt?.toISOString() ?? null,
        batch.dripRate,
        batch.createdAt.toISOString(),
      ],
    );
  }

  async find(accountId: string, id: string): Promise<MessageBatch | undefined> {
    const rows = await this.database.em.execute<BatchRow[]>(
      `select id, account_id, api_key_id, environment, status, text, sender_id, total, cost::text as cost, currency, charge_entry_id,
         scheduled_at, drip_rate, created_at from message_batch where id = ? and account_id = ?`,
      [id, accountId],
    );
    return rows[0] && batchFromRow(rows[0]);
  }

  async list(accountId: string, offset: number, limit: number): Promise<readonly MessageBatch[]> {
    const rows = await this.database.em.execute<BatchRow[]>(
      `select id, account_id, api_key_id, environment, status, text, sender_id, total, cost::text as cost, currency, charge_entry_id,
         scheduled_at, drip_rate, created_at from message_batch where account_id = ? order by created_at desc, id desc limit ? offset ?`,
      [accountId, limit, offset],
    );
    return rows.map(batchFromRow);
  }
}
