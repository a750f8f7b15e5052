import { UndoableMap } from '@tuma/kernel/testing';
import type { BatchRepository, MessageBatch } from '../domain/messages/message-batch.ts';

export class InMemoryBatchRepository implements BatchRepository {
  private readonly batches = new UndoableMap<string, MessageBatch>();

  async add(batch: MessageBatch): Promise<void> {
    if (this.batches.has(batch.id)) throw new Error(`Batch ${batch.id} exists already`);
    this.batches.set(batch.id, batch);
  }

  async find(accountId: string, id: string): Promise<MessageBatch | undefined> {
    const batch = this.batches.get(id);
    return batch?.accountId === accountId ? batch : undefined;
  }

  async list(accountId: string, offset: number, limit: number): Promise<readonly MessageBatch[]> {
    return [...this.batches.values()]
      .filter((batch) => batch.accountId === accountId)
      .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? 1 : -1))
      .slice(offset, offset + limit);
  }

  /** Every batch, of every account (what `InMemoryMessageReports` aggregates). */
  all(): MessageBatch[] {
    return [...this.batches.values()];
  }
}
