import type { ClaimResponse, IdempotencyKeyStore } from '../application/idempotency-key-store.port.ts';
import type { IdempotencyClaim, IdempotencyRecord } from '../domain/idempotency-record.ts';
import { UndoableMap } from '@tuma/kernel/testing';

const slot = (claim: Pick<IdempotencyClaim, 'scope' | 'key'>): string => JSON.stringify([claim.scope.accountId, claim.scope.environment, claim.key]);

/** Records kept as a database would: copies in, copies out (the response as JSON). */
const copy = (record: IdempotencyRecord): IdempotencyRecord => ({ ...record, response: record.response && JSON.parse(JSON.stringify(record.response)) });

/**
 * Keys' records in memory. One process, no transactions: `hold` answers what the database would and
 * locks nothing (there is nobody to keep out).
 */
export class InMemoryIdempotencyKeyStore implements IdempotencyKeyStore {
  private readonly records = new UndoableMap<string, IdempotencyRecord>();

  async insertOrFind(claims: readonly IdempotencyRecord[]): Promise<readonly (IdempotencyRecord | undefined)[]> {
    return claims.map((claim) => {
      const existing = this.records.get(slot(claim));
      if (existing) return copy(existing);
      this.records.set(slot(claim), copy(claim));
      return undefined;
    });
  }

  async replace(current: IdempotencyRecord, fresh: IdempotencyRecord): Promise<boolean> {
    const stored = this.records.get(slot(current));
    if (!stored || stored.owner !== current.owner || (stored.response === null) !== (current.response === null)) return false;
    this.records.set(slot(current), copy(fresh));
    return true;
  }

  async hold(claims: readonly IdempotencyClaim[]): Promise<readonly boolean[]> {
    return claims.map((claim) => this.unansweredOf(claim) !== undefined);
  }

  async complete(responses: readonly ClaimResponse[]): Promise<void> {
    for (const { claim, response } of responses) {
      const stored = this.unansweredOf(claim);
      if (stored) this.records.set(slot(claim), copy({ ...stored, response }));
    }
  }

  async release(claim: IdempotencyClaim): Promise<void> {
    if (this.unansweredOf(claim)) this.records.delete(slot(claim));
  }

  async forget(claim: IdempotencyClaim): Promise<void> {
    if (this.records.get(slot(claim))?.owner === claim.owner) this.records.delete(slot(claim));
  }

  async purgeExpired(now: Date, limit: number): Promise<number> {
    const expired = [...this.records].filter(([, record]) => record.expiresAt.getTime() <= now.getTime()).slice(0, limit);
    for (const [name] of expired) this.records.delete(name);
    return expired.length;
  }

  /** The claim's record while the claim owns it and it has no response. */
  private unansweredOf(claim: IdempotencyClaim): IdempotencyRecord | undefined {
    const stored = this.records.get(slot(claim));
    return stored && stored.owner === claim.owner && stored.response === null ? stored : undefined;
  }
}
