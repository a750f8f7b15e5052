import { UndoableMap } from '@tuma/kernel/testing';
import type { TopUpRepository } from '../application/top-up.repository.port.ts';
import { TopUp, type PaymentProviderName, type TopUpSnapshot } from '../domain/top-up.aggregate.ts';

/** Top-ups held in memory: for embedding the core and for tests. */
export class InMemoryTopUpRepository implements TopUpRepository {
  private readonly rows = new UndoableMap<string, TopUpSnapshot>();

  async save(topUp: TopUp): Promise<void> {
    const snapshot = topUp.toSnapshot();
    for (const row of this.rows.values()) {
      if (row.id !== snapshot.id && row.provider === snapshot.provider && row.providerSessionId === snapshot.providerSessionId) {
        throw new Error(`Duplicate checkout session ${snapshot.provider}/${snapshot.providerSessionId}`);
      }
    }
    this.rows.set(snapshot.id, snapshot);
  }

  async findById(id: string): Promise<TopUp | undefined> {
    const row = this.rows.get(id);
    return row ? TopUp.rehydrate(row) : undefined;
  }

  async findBySession(provider: PaymentProviderName, sessionId: string): Promise<TopUp | undefined> {
    const row = [...this.rows.values()].find((r) => r.provider === provider && r.providerSessionId === sessionId);
    return row ? TopUp.rehydrate(row) : undefined;
  }
}
