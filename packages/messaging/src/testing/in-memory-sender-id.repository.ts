import { err, ok, type Result } from '@tuma/kernel';
import { UndoableMap } from '@tuma/kernel/testing';
import type { SenderIdListQuery, SenderIdPage, SenderIdRepository } from '../application/sender-ids/sender-id.repository.port.ts';
import { senderIdTaken, type SenderIdTakenError } from '../domain/sender-ids/sender-id-errors.ts';
import { SenderIdRequest, type NewSenderIdRequest, type SenderIdRequestSnapshot } from '../domain/sender-ids/sender-id-request.aggregate.ts';

const holdKey = (accountId: string, name: string, countryCode: string): string => `${accountId}\u0000${name}\u0000${countryCode.trim().toUpperCase()}`;

/** Sender-ID requests held in memory: for embedding the core and for tests. Writes apply at once; a failing unit of work undoes them. */
export class InMemorySenderIdRepository implements SenderIdRepository {
  private readonly rows = new UndoableMap<number, SenderIdRequestSnapshot>();
  /** What pending and approved requests hold: (account, name, country) -> request id. */
  private readonly holds = new UndoableMap<string, number>();
  private lastId = 0;

  async add(request: NewSenderIdRequest): Promise<Result<SenderIdRequest, SenderIdTakenError>> {
    const taken = request.countries.filter((country) => this.holds.has(holdKey(request.accountId, request.name, country)));
    if (taken.length > 0) return err(senderIdTaken(request.name, taken));
    const snapshot: SenderIdRequestSnapshot = { ...request, id: ++this.lastId };
    this.rows.set(snapshot.id, snapshot);
    for (const country of request.countries) this.holds.set(holdKey(request.accountId, request.name, country), snapshot.id);
    return ok(SenderIdRequest.rehydrate(snapshot));
  }

  async findById(id: number): Promise<SenderIdRequest | undefined> {
    const row = this.rows.get(id);
    return row && SenderIdRequest.rehydrate(row);
  }

  async save(request: SenderIdRequest): Promise<void> {
    const snapshot = request.toSnapshot();
    if (!this.rows.has(snapshot.id)) throw new Error(`Sender ID request ${snapshot.id} was never added`);
    this.rows.set(snapshot.id, snapshot);
    if (snapshot.status === 'rejected') {
      for (const country of snapshot.countries) this.holds.delete(holdKey(snapshot.accountId, snapshot.name, country));
    }
  }

  async listByAccount(accountId: string): Promise<readonly SenderIdRequest[]> {
    return this.newestFirst().filter((row) => row.accountId === accountId).map((row) => SenderIdRequest.rehydrate(row));
  }

  async list(query: SenderIdListQuery): Promise<SenderIdPage> {
    const matching = this.newestFirst().filter(
      (row) => (query.status === undefined || row.status === query.status) && (query.accountId === undefined || row.accountId === query.accountId),
    );
    const start = query.page * query.limit;
    return { requests: matching.slice(start, start + query.limit).map((row) => SenderIdRequest.rehydrate(row)), total: matching.length };
  }

  async approvedSenderIdFor(accountId: string, name: string, countryCode: string): Promise<boolean> {
    const id = this.holds.get(holdKey(accountId, name, countryCode));
    return id !== undefined && this.rows.get(id)?.status === 'approved';
  }

  async approvedCountriesOf(accountId: string, name: string): Promise<ReadonlySet<string>> {
    const countries = [...this.rows.values()]
      .filter((row) => row.accountId === accountId && row.name === name && row.status === 'approved')
      .flatMap((row) => row.countries);
    return new Set(countries);
  }

  private newestFirst(): SenderIdRequestSnapshot[] {
    return [...this.rows.values()].sort((a, b) => b.id - a.id);
  }
}
