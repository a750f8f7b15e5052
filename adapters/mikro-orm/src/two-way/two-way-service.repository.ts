import { err, ok, type Result } from '@tuma/kernel';
import { keywordTaken, type KeywordTakenError, type ServiceListQuery, type TwoWayServiceRepository, type TwoWayServiceSnapshot } from '@tuma/two-way';
import type { Database } from '../database/database.ts';
import { INSERT_COLUMNS, SAVED_COLUMNS, SERVICE_COLUMNS, savedValues, serviceFromRow, serviceValues, storedServiceId, type TwoWayServiceRow } from './two-way-service-rows.ts';

const LIVE = `s.status not in ('rejected', 'cancelled')`;
const LIVE_APPROVED = `s.status in ('active', 'past_due', 'suspended')`;
const NEWEST_FIRST = 'order by s.created_at desc, s.id desc';

// A live holder of the keyword meets the partial unique index: nothing is written, also against a concurrent insert.
const ADD = `insert into two_way_service (${INSERT_COLUMNS}) values (${INSERT_COLUMNS.split(', ').map(() => '?').join(', ')})
  on conflict (country_code, keyword) where type = 'shared' and status not in ('rejected', 'cancelled') do nothing returning id::text as id`;

const SAVE = `update two_way_service set ${SAVED_COLUMNS.map((column) => `${column} = ?`).join(', ')} where id = ? returning id`;

/** Two-way services in `two_way_service` (docs/two-way.md): one statement per read and write. */
export class MikroOrmTwoWayServiceRepository implements TwoWayServiceRepository {
  constructor(private readonly database: Database) {}

  async add(service: Omit<TwoWayServiceSnapshot, 'id'>): Promise<Result<TwoWayServiceSnapshot, KeywordTakenError>> {
    const [row] = await this.database.em.execute<{ id: string }[]>(ADD, serviceValues(service));
    return row ? ok({ ...service, id: storedServiceId(row.id) }) : err(keywordTaken(service.keyword ?? '', service.countryCode));
  }

  async save(service: TwoWayServiceSnapshot): Promise<void> {
    const saved = await this.database.em.execute<{ id: string }[]>(SAVE, [...savedValues(service), service.id]);
    if (saved.length !== 1) throw new Error(`Service ${service.id} was never added`);
  }

  async find(id: number): Promise<TwoWayServiceSnapshot | undefined> {
    return (await this.rows(`select ${SERVICE_COLUMNS} from two_way_service s where s.id = ?`, [id]))[0];
  }

  async lock(id: number): Promise<TwoWayServiceSnapshot | undefined> {
    if (!this.database.em.isInTransaction()) throw new Error('Locking a two-way service needs a unit of work');
    return (await this.rows(`select ${SERVICE_COLUMNS} from two_way_service s where s.id = ? for update`, [id]))[0];
  }

  listByAccount(accountId: string): Promise<readonly TwoWayServiceSnapshot[]> {
    return this.rows(`select ${SERVICE_COLUMNS} from two_way_service s where s.account_id = ? ${NEWEST_FIRST}`, [accountId]);
  }

  async list(query: ServiceListQuery): Promise<{ readonly services: readonly TwoWayServiceSnapshot[]; readonly total: number }> {
    const where = `(?::text is null or s.status = ?)`;
    const services = await this.rows(`select ${SERVICE_COLUMNS} from two_way_service s where ${where} ${NEWEST_FIRST} limit ? offset ?`, [
      query.status ?? null, query.status ?? null, query.limit, query.page * query.limit,
    ]);
    const [count] = await this.database.em.execute<{ total: string }[]>(`select count(*)::text as total from two_way_service s where ${where}`, [query.status ?? null, query.status ?? null]);
    return { services, total: Number(count?.total ?? 0) };
  }

  keywordHolder(countryCode: string, keyword: string): Promise<number | undefined> {
    return this.firstId(`select s.id::text as id from two_way_service s where s.country_code = ? and s.keyword = ? and s.type = 'shared' and ${LIVE}`, [countryCode, keyword]);
  }

  numberHolder(number: string): Promise<number | undefined> {
    return this.firstId(`select s.id::text as id from two_way_service s where s.number = ? and s.type = 'dedicated' and ${LIVE}`, [number]);
  }

  onNumber(number: string): Promise<readonly TwoWayServiceSnapshot[]> {
    return this.rows(`select ${SERVICE_COLUMNS} from two_way_service s where s.number = ? and ${LIVE_APPROVED} order by s.id`, [number]);
  }

  async dueIds(now: Date, after: number | null, limit: number): Promise<readonly number[]> {
    return this.ids(
      `select s.id::text as id from two_way_service s where ${LIVE_APPROVED} and s.next_charge_at <= ?::timestamptz and (?::bigint is null or s.id > ?) order by s.id limit ?`,
      [now.toISOString(), after, after, limit],
    );
  }

  unpaidIdsOf(accountId: string): Promise<readonly number[]> {
    return this.ids(`select s.id::text as id from two_way_service s where s.account_id = ? and s.unpaid_since is not null and ${LIVE_APPROVED} order by s.id`, [accountId]);
  }

  private async rows(sql: string, values: unknown[]): Promise<TwoWayServiceSnapshot[]> {
    return (await this.database.em.execute<TwoWayServiceRow[]>(sql, values)).map(serviceFromRow);
  }

  private async ids(sql: string, values: unknown[]): Promise<number[]> {
    return (await this.database.em.execute<{ id: string }[]>(sql, values)).map((row) => storedServiceId(row.id));
  }

  private async firstId(sql: string, values: unknown[]): Promise<number | undefined> {
    return (await this.ids(sql, values))[0];
  }
}
