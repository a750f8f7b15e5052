import { err, ok, type Result } from '@tuma/kernel';
import { UndoableMap } from '@tuma/kernel/testing';
import type { ServiceListQuery, TwoWayServiceRepository } from '../application/services/two-way-service.repository.port.ts';
import { FINAL_STATUSES, LIVE_APPROVED_STATUSES } from '../domain/services/service-status.ts';
import { keywordTaken, type KeywordTakenError } from '../domain/services/two-way-errors.ts';
import type { TwoWayServiceSnapshot } from '../domain/services/two-way-service.aggregate.ts';

const newestFirst = (a: TwoWayServiceSnapshot, b: TwoWayServiceSnapshot) => b.createdAt.getTime() - a.createdAt.getTime() || b.id - a.id;
const live = (s: TwoWayServiceSnapshot) => !FINAL_STATUSES.has(s.status);

/** Services in a map: for unit tests and in-memory wiring (no locks: one caller at a time; a failing unit of work undoes its writes). */
export class InMemoryTwoWayServiceRepository implements TwoWayServiceRepository {
  private readonly rows = new UndoableMap<number, TwoWayServiceSnapshot>();
  private lastId = 0;

  async add(service: Omit<TwoWayServiceSnapshot, 'id'>): Promise<Result<TwoWayServiceSnapshot, KeywordTakenError>> {
    if (service.keyword !== null && (await this.keywordHolder(service.countryCode, service.keyword)) !== undefined) return err(keywordTaken(service.keyword, service.countryCode));
    const stored = { ...service, id: ++this.lastId };
    this.rows.set(stored.id, stored);
    return ok(stored);
  }

  async save(service: TwoWayServiceSnapshot): Promise<void> {
    if (!this.rows.has(service.id)) throw new Error(`Service ${service.id} was never added`);
    this.rows.set(service.id, service);
  }

  async find(id: number): Promise<TwoWayServiceSnapshot | undefined> {
    return this.rows.get(id);
  }

  async lock(id: number): Promise<TwoWayServiceSnapshot | undefined> {
    return this.rows.get(id);
  }

  async listByAccount(accountId: string): Promise<readonly TwoWayServiceSnapshot[]> {
    return this.all().filter((s) => s.accountId === accountId).sort(newestFirst);
  }

  async list(query: ServiceListQuery) {
    const matching = this.all().filter((s) => query.status === undefined || s.status === query.status).sort(newestFirst);
    return { services: matching.slice(query.page * query.limit, (query.page + 1) * query.limit), total: matching.length };
  }

  async keywordHolder(countryCode: string, keyword: string): Promise<number | undefined> {
    return this.all().find((s) => live(s) && s.type === 'shared' && s.countryCode === countryCode && s.keyword === keyword)?.id;
  }

  async numberHolder(number: string): Promise<number | undefined> {
    return this.all().find((s) => live(s) && s.type === 'dedicated' && s.number === number)?.id;
  }

  async onNumber(number: string): Promise<readonly TwoWayServiceSnapshot[]> {
    return this.all().filter((s) => LIVE_APPROVED_STATUSES.has(s.status) && s.number === number);
  }

  async dueIds(now: Date, after: number | null, limit: number): Promise<readonly number[]> {
    return this.all()
      .filter((s) => LIVE_APPROVED_STATUSES.has(s.status) && s.nextChargeAt !== null && s.nextChargeAt.getTime() <= now.getTime() && (after === null || s.id > after))
      .map((s) => s.id)
      .sort((a, b) => a - b)
      .slice(0, limit);
  }

  async unpaidIdsOf(accountId: string): Promise<readonly number[]> {
    return this.all().filter((s) => s.accountId === accountId && LIVE_APPROVED_STATUSES.has(s.status) && s.unpaidSince !== null).map((s) => s.id).sort((a, b) => a - b);
  }

  private all(): TwoWayServiceSnapshot[] {
    return [...this.rows.values()];
  }
}
