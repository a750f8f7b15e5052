import { sql, type Selectable } from 'kysely';
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
import type { SenderIdHoldTable } from '../database/tables.ts';
import { decisionColumns, senderIdToDomain, storedId } from './sender-id-rows.ts';
import { textsOf } from '../database/bound-texts.ts';

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

  /** In a transaction of its own, or a savepoint inside the caller's: a refused request leaves nothing behind. */
  async add(request: NewSenderIdRequest): Promise<Result<SenderIdRequest, SenderIdTakenError>> {
    try {
      const id = await this.database.em.transactional(async () => {
        const row = await this.database.query
          .insertInto('sender_id')
          .values({
            account_id: request.accountId,
            name: request.name,
            countries: JSON.stringify(request.countries),
            use_case: request.useCase,
            status: 'pending',
            fee_usd: '0',
            created_at: request.createdAt,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        const id = storedId(row.id);
        const heldNow = await this.hold(request, id);
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
    const row = await this.database.query
      .selectFrom('sender_id')
      .selectAll()
      .where('id', '=', String(id))
      .$if(options.forUpdate === true, (qb) => qb.forUpdate())
      .executeTakeFirst();
    return row && senderIdToDomain(row);
  }

  async save(request: SenderIdRequest): Promise<void> {
    await this.database.em.transactional(async () => {
      const db = this.database.query;
      const changed = await db.updateTable('sender_id').set(decisionColumns(request)).where('id', '=', String(request.id)).executeTakeFirst();
      if (changed.numUpdatedRows !== 1n) throw new Error(`Sender ID request ${request.id} was never added`);
      if (request.status === 'rejected') await db.deleteFrom('sender_id_hold').where('sender_id_id', '=', String(request.id)).execute();
    });
  }

  async listByAccount(accountId: string): Promise<readonly SenderIdRequest[]> {
    const rows = await this.database.query.selectFrom('sender_id').selectAll().where('account_id', '=', accountId).orderBy('id', 'desc').execute();
    return rows.map(senderIdToDomain);
  }

  async list(query: SenderIdListQuery): Promise<SenderIdPage> {
    const matching = this.database.query
      .selectFrom('sender_id')
      .$if(Boolean(query.status), (qb) => qb.where('status', '=', query.status!))
      .$if(Boolean(query.accountId), (qb) => qb.where('account_id', '=', query.accountId!));
    const rows = await matching.selectAll().orderBy('id', 'desc').limit(query.limit).offset(query.page * query.limit).execute();
    const counted = await matching.select(sql<number>`count(*)::int`.as('total')).executeTakeFirstOrThrow();
    return { requests: rows.map(senderIdToDomain), total: counted.total };
  }

  async approvedSenderIdFor(accountId: string, name: string, countryCode: string): Promise<boolean> {
    const row = await this.database.query
      .selectNoFrom((eb) => eb.exists(this.approvedHolds(accountId, name).where('h.country_code', '=', normalize(countryCode))).as('approved'))
      .executeTakeFirst();
    return row?.approved === true;
  }

  async approvedCountriesOf(accountId: string, name: string): Promise<ReadonlySet<string>> {
    const rows = await this.approvedHolds(accountId, name).execute();
    return new Set(rows.map((row) => row.country_code));
  }

  /**
   * Holds the name in every country not held yet, in country order (so that two overlapping
   * requests wait for each other instead of deadlocking); `on conflict do nothing` waits for a
   * concurrent holder's outcome and then skips its country. The countries it now holds.
   */
  private async hold(request: NewSenderIdRequest, id: number): Promise<ReadonlySet<string>> {
    const { rows } = await sql<Pick<Selectable<SenderIdHoldTable>, 'country_code'>>`
      insert into sender_id_hold (account_id, name, country_code, sender_id_id)
      select ${request.accountId}, ${request.name}, country, ${id}::bigint from ${textsOf(request.countries)} as country order by country
      on conflict do nothing
      returning country_code`.execute(this.database.query);
    return new Set(rows.map((h) => h.country_code));
  }

  /** The countries where the account holds the name by an approved request. */
  private approvedHolds(accountId: string, name: string) {
    return this.database.query
      .selectFrom('sender_id_hold as h')
      .innerJoin('sender_id as s', 's.id', 'h.sender_id_id')
      .select('h.country_code')
      .where('h.account_id', '=', accountId)
      .where('h.name', '=', name)
      .where('s.status', '=', 'approved');
  }
}
