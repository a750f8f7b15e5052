import { LockMode } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { err, ok, type Result } from '@tuma/kernel';
import {
  SenderIdRequest,
  senderIdTaken,
  type NewSenderIdRequest,
  type SenderIdListQuery,
  type SenderIdPage,
  type SenderIdRepository,
  type SenderIdTakenError,
} from '@tuma/messaging';
import type { Database } from '../database/database.ts';
import { SenderIdHoldRecord } from './sender-id-hold.entity.ts';
import { SenderIdRecord } from './sender-id.entity.ts';
import { decisionColumns, senderIdToDomain, storedId } from './sender-id-rows.ts';

const INSERT_REQUEST = `
  insert into sender_id (account_id, name, countries, use_case, status, fee_usd, created_at)
  values (?, ?, ?::jsonb, ?, 'pending', 0, ?::timestamptz)
  returning id::text as id`;

/**
 * Holds the name in every country not held yet, in country order (so that two overlapping
 * requests wait for each other instead of deadlocking); `on conflict do nothing` waits for a
 * concurrent holder's outcome and then skips its country.
 */
const HOLD = `
  insert into sender_id_hold (account_id, name, country_code, sender_id_id)
  select ?, ?, country, ?::bigint from jsonb_array_elements_text(?::jsonb) as country order by country
  on conflict do nothing
  returning country_code`;

const APPROVED_FOR = `
  select exists (
    select 1 from sender_id_hold h join sender_id s on s.id = h.sender_id_id
    where h.account_id = ? and h.name = ? and h.country_code = ? and s.status = 'approved'
  ) as approved`;

const APPROVED_COUNTRIES = `
  select h.country_code from sender_id_hold h join sender_id s on s.id = h.sender_id_id
  where h.account_id = ? and h.name = ? and s.status = 'approved'`;

/** Thrown inside the savepoint to undo the request when some of its countries are held already. */
class Taken extends Error {
  constructor(readonly countries: readonly string[]) {
    super('sender ID already held');
  }
}

const normalize = (countryCode: string): string => countryCode.trim().toUpperCase();

/** Sender-ID requests in `sender_id`, and what pending and approved ones hold in `sender_id_hold`. */
export class MikroOrmSenderIdRepository implements SenderIdRepository {
  constructor(private readonly database: Database) {}

  private get em(): EntityManager {
    return this.database.em;
  }

  /** In a transaction of its own, or a savepoint inside the caller's: a refused request leaves nothing behind. */
  async add(request: NewSenderIdRequest): Promise<Result<SenderIdRequest, SenderIdTakenError>> {
    try {
      const id = await this.em.transactional(async (em) => {
        const [row] = await em.execute<{ id: string }[]>(INSERT_REQUEST, [
          request.accountId,
          request.name,
          JSON.stringify(request.countries),
          request.useCase,
          request.createdAt.toISOString(),
        ]);
        const id = storedId(row!.id);
        const held = await em.execute<{ country_code: string }[]>(HOLD, [request.accountId, request.name, id, JSON.stringify(request.countries)]);
        const heldNow = new Set(held.map((h) => h.country_code));
        const taken = request.countries.filter((country) => !heldNow.has(country));
        if (taken.length > 0) throw new Taken(taken);
        return id;
      });
      return ok(SenderIdRequest.rehydrate({ ...request, id }));
    } catch (error) {
      if (!(error instanceof Taken)) throw error;
      return err(senderIdTaken(request.name, error.countries));
    }
  }

  async findById(id: number, options: { readonly forUpdate?: boolean } = {}): Promise<SenderIdRequest | undefined> {
    const row = await this.em.findOne(
      SenderIdRecord,
      { id },
      { refresh: true, ...(options.forUpdate ? { lockMode: LockMode.PESSIMISTIC_WRITE } : {}) },
    );
    return row ? senderIdToDomain(row) : undefined;
  }

  async save(request: SenderIdRequest): Promise<void> {
    await this.em.transactional(async (em) => {
      const changed = await em.nativeUpdate(SenderIdRecord, { id: request.id }, decisionColumns(request));
      if (changed !== 1) throw new Error(`Sender ID request ${request.id} was never added`);
      if (request.status === 'rejected') await em.nativeDelete(SenderIdHoldRecord, { senderIdId: request.id });
    });
  }

  async listByAccount(accountId: string): Promise<readonly SenderIdRequest[]> {
    const rows = await this.em.find(SenderIdRecord, { accountId }, { orderBy: { id: 'desc' }, refresh: true });
    return rows.map(senderIdToDomain);
  }

  async list(query: SenderIdListQuery): Promise<SenderIdPage> {
    const where = { ...(query.status ? { status: query.status } : {}), ...(query.accountId ? { accountId: query.accountId } : {}) };
    const [rows, total] = await this.em.findAndCount(SenderIdRecord, where, {
      orderBy: { id: 'desc' },
      limit: query.limit,
      offset: query.page * query.limit,
      refresh: true,
    });
    return { requests: rows.map(senderIdToDomain), total };
  }

  async approvedSenderIdFor(accountId: string, name: string, countryCode: string): Promise<boolean> {
    const [row] = await this.em.execute<{ approved: boolean }[]>(APPROVED_FOR, [accountId, name, normalize(countryCode)]);
    return row?.approved === true;
  }

  async approvedCountriesOf(accountId: string, name: string): Promise<ReadonlySet<string>> {
    const rows = await this.em.execute<{ country_code: string }[]>(APPROVED_COUNTRIES, [accountId, name]);
    return new Set(rows.map((row) => row.country_code));
  }
}
