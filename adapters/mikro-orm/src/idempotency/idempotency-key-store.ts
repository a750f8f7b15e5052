import { sql, type Selectable } from 'kysely';
import type { ClaimResponse, IdempotencyClaim, IdempotencyKeyStore, IdempotencyRecord, IdempotencyScope } from '@tuma/idempotency';
import type { Database } from '../database/database.ts';
import type { IdempotencyRecordTable } from '../database/tables.ts';

type RecordRow = Selectable<IdempotencyRecordTable>;

/** A batch of claims, whatever its size, as one JSON parameter (`n`, where given, a claim's place in the batch). */
const recordset = (records: readonly object[]) => sql`json_to_recordset(${JSON.stringify(records)}::json)`;

const OF_CLAIM = sql`r.account_id = c.account_id and r.environment = c.environment and r.key = c.key and r.owner = c.owner and r.completed_at is null`;

const claimRecord = (claim: IdempotencyClaim) => ({ account_id: claim.scope.accountId, environment: claim.scope.environment, key: claim.key, owner: claim.owner });

const recordOf = (row: RecordRow): IdempotencyRecord => ({
  scope: { accountId: row.account_id, environment: row.environment as IdempotencyScope['environment'] },
  key: row.key,
  owner: row.owner,
  operation: row.operation,
  fingerprint: row.fingerprint,
  createdAt: new Date(row.created_at),
  leaseExpiresAt: new Date(row.lease_expires_at),
  expiresAt: new Date(row.expires_at),
  response:
    row.response_status === null ? null : { status: row.response_status, headers: (row.response_headers ?? {}) as Record<string, string>, body: row.response_body ?? null },
});

/** Rounds of insert-then-read: a claim whose record was deleted between them (released, purged) is tried again. */
const INSERT_ROUNDS = 3;

/** Idempotency keys' records in `idempotency_record`. */
export class MikroOrmIdempotencyKeyStore implements IdempotencyKeyStore {
  constructor(private readonly database: Database) {}

  async insertOrFind(claims: readonly IdempotencyRecord[]): Promise<readonly (IdempotencyRecord | undefined)[]> {
    const answers: (IdempotencyRecord | undefined)[] = new Array(claims.length);
    let pending = claims.map((claim, n) => ({ n, claim }));
    for (let round = 0; round < INSERT_ROUNDS && pending.length > 0; round++) {
      const stored = new Set((await this.insert(pending)).map((row) => row.owner));
      const others = pending.filter(({ claim }) => !stored.has(claim.owner));
      const found = new Map(others.length === 0 ? [] : (await this.find(others)).map((row) => [row.n, recordOf(row)]));
      for (const { n } of others) answers[n] = found.get(n);
      pending = others.filter(({ n }) => !found.has(n));
    }
    if (pending.length > 0) throw new Error(`Idempotency keys keep disappearing between insert and read: ${pending.map(({ claim }) => claim.key).join(', ')}`);
    return answers;
  }

  /** In the order given, so that of two claims of one key the first is stored; the owners of the stored ones. */
  private async insert(pending: readonly { n: number; claim: IdempotencyRecord }[]) {
    const records = pending.map(({ n, claim }) => ({
      n,
      ...claimRecord(claim),
      operation: claim.operation,
      fingerprint: claim.fingerprint,
      created_at: claim.createdAt.toISOString(),
      lease_expires_at: claim.leaseExpiresAt.toISOString(),
      expires_at: claim.expiresAt.toISOString(),
    }));
    const { rows } = await sql<Pick<RecordRow, 'owner'>>`
      insert into idempotency_record (account_id, environment, key, operation, fingerprint, owner, created_at, lease_expires_at, expires_at)
      select c.account_id, c.environment, c.key, c.operation, c.fingerprint, c.owner, c.created_at, c.lease_expires_at, c.expires_at
      from ${recordset(records)} as c (n integer, account_id varchar, environment varchar, key varchar, operation varchar, fingerprint varchar,
        owner varchar, created_at timestamptz, lease_expires_at timestamptz, expires_at timestamptz)
      order by c.n
      on conflict (account_id, environment, key) do nothing
      returning owner`.execute(this.database.query);
    return rows;
  }

  /** The records of the claims' keys, each with its claim's `n`. */
  private async find(others: readonly { n: number; claim: IdempotencyRecord }[]) {
    const { rows } = await sql<RecordRow & { n: number }>`
      select c.n, r.*
      from ${recordset(others.map(({ n, claim }) => ({ n, ...claimRecord(claim) })))} as c (n integer, account_id varchar, environment varchar, key varchar)
      join idempotency_record r on r.account_id = c.account_id and r.environment = c.environment and r.key = c.key`.execute(this.database.query);
    return rows;
  }

  /** The record as its caller saw it: same owner, answered or not (a row locked by a holder is re-read once it commits). */
  async replace(current: IdempotencyRecord, fresh: IdempotencyRecord): Promise<boolean> {
    const replaced = await this.database.query
      .updateTable('idempotency_record')
      .set({
        operation: fresh.operation,
        fingerprint: fresh.fingerprint,
        owner: fresh.owner,
        created_at: fresh.createdAt,
        lease_expires_at: fresh.leaseExpiresAt,
        expires_at: fresh.expiresAt,
        response_status: null,
        response_headers: null,
        response_body: null,
        completed_at: null,
      })
      .where('account_id', '=', current.scope.accountId)
      .where('environment', '=', current.scope.environment)
      .where('key', '=', current.key)
      .where('owner', '=', current.owner)
      .where('completed_at', current.response === null ? 'is' : 'is not', null)
      .returning('owner')
      .execute();
    return replaced.length > 0;
  }

  /** Locked in key order, so two holders could never wait for each other (they never share a claim anyway). */
  async hold(claims: readonly IdempotencyClaim[]): Promise<readonly boolean[]> {
    if (claims.length === 0) return [];
    const { rows } = await sql<{ n: number }>`
      select c.n from idempotency_record r
      join ${recordset(claims.map((claim, n) => ({ n, ...claimRecord(claim) })))} as c (n integer, account_id varchar, environment varchar, key varchar, owner varchar)
        on ${OF_CLAIM}
      order by r.account_id, r.environment, r.key for update of r`.execute(this.database.query);
    const held = new Set(rows.map((row) => row.n));
    return claims.map((_, n) => held.has(n));
  }

  /** `json_to_recordset`, not jsonb: the body keeps its text (and key order) as the first answer had it. */
  async complete(responses: readonly ClaimResponse[], at: Date): Promise<void> {
    if (responses.length === 0) return;
    const records = responses.map(({ claim, response }) => ({ ...claimRecord(claim), status: response.status, headers: response.headers, body: response.body }));
    await sql`
      update idempotency_record r set response_status = c.status, response_headers = c.headers, response_body = c.body, completed_at = ${at.toISOString()}::timestamptz
      from ${recordset(records)} as c (account_id varchar, environment varchar, key varchar, owner varchar, status smallint, headers json, body json)
      where ${OF_CLAIM}`.execute(this.database.query);
  }

  async release(claim: IdempotencyClaim): Promise<void> {
    await this.ofClaim(claim).where('completed_at', 'is', null).execute();
  }

  async forget(claim: IdempotencyClaim): Promise<void> {
    await this.ofClaim(claim).execute();
  }

  private ofClaim(claim: IdempotencyClaim) {
    return this.database.query
      .deleteFrom('idempotency_record')
      .where('account_id', '=', claim.scope.accountId)
      .where('environment', '=', claim.scope.environment)
      .where('key', '=', claim.key)
      .where('owner', '=', claim.owner);
  }

  /** A chunk of expired records; one being taken over right now (locked) waits for the next purge. */
  async purgeExpired(now: Date, limit: number): Promise<number> {
    const { rows } = await sql<{ n: number }>`
      with expired as (
        select account_id, environment, key from idempotency_record where expires_at <= ${now.toISOString()}::timestamptz limit ${limit} for update skip locked
      ), deleted as (
        delete from idempotency_record r using expired x
        where r.account_id = x.account_id and r.environment = x.environment and r.key = x.key
        returning 1
      )
      select count(*)::int as n from deleted`.execute(this.database.query);
    return rows[0]?.n ?? 0;
  }
}
