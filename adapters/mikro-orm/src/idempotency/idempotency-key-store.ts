import type { ClaimResponse, IdempotencyClaim, IdempotencyKeyStore, IdempotencyRecord } from '@tuma/idempotency';
import type { Database } from '../database/database.ts';
import { executeBound } from '../database/bound-statement.ts';

interface RecordRow {
  readonly account_id: string;
  readonly environment: 'live' | 'test';
  readonly key: string;
  readonly operation: string;
  readonly fingerprint: string;
  readonly owner: string;
  readonly created_at: Date | string;
  readonly lease_expires_at: Date | string;
  readonly expires_at: Date | string;
  readonly response_status: number | null;
  readonly response_headers: Record<string, string> | null;
  readonly response_body: unknown;
}

const COLUMNS = 'account_id, environment, key, operation, fingerprint, owner, created_at, lease_expires_at, expires_at, response_status, response_headers, response_body';

/** In the order given, so that of two claims of one key the first is stored. */
const INSERT = `
  insert into idempotency_record (account_id, environment, key, operation, fingerprint, owner, created_at, lease_expires_at, expires_at)
  select c.account_id, c.environment, c.key, c.operation, c.fingerprint, c.owner, c.created_at, c.lease_expires_at, c.expires_at
  from json_to_recordset(?::json) as c (n integer, account_id varchar, environment varchar, key varchar, operation varchar, fingerprint varchar,
    owner varchar, created_at timestamptz, lease_expires_at timestamptz, expires_at timestamptz)
  order by c.n
  on conflict (account_id, environment, key) do nothing
  returning owner`;

const FIND = `
  select c.n, ${COLUMNS.split(', ').map((column) => `r.${column}`).join(', ')}
  from json_to_recordset(?::json) as c (n integer, account_id varchar, environment varchar, key varchar)
  join idempotency_record r on r.account_id = c.account_id and r.environment = c.environment and r.key = c.key`;

/** The record as its caller saw it: same owner, answered or not (a row locked by a holder is re-read once it commits). */
const REPLACE = `
  update idempotency_record set operation = ?, fingerprint = ?, owner = ?, created_at = ?::timestamptz, lease_expires_at = ?::timestamptz,
    expires_at = ?::timestamptz, response_status = null, response_headers = null, response_body = null, completed_at = null
  where account_id = ? and environment = ? and key = ? and owner = ? and (completed_at is null) = ?
  returning owner`;

const CLAIMS = `json_to_recordset(?::json) as c (n integer, account_id varchar, environment varchar, key varchar, owner varchar)`;
const OF_CLAIM = 'r.account_id = c.account_id and r.environment = c.environment and r.key = c.key and r.owner = c.owner and r.completed_at is null';

/** Locked in key order, so two holders could never wait for each other (they never share a claim anyway). */
const HOLD = `select c.n from idempotency_record r join ${CLAIMS} on ${OF_CLAIM} order by r.account_id, r.environment, r.key for update of r`;

/** `json_to_recordset`, not jsonb: the body keeps its text (and key order) as the first answer had it. */
const COMPLETE = `
  update idempotency_record r set response_status = c.status, response_headers = c.headers, response_body = c.body, completed_at = ?::timestamptz
  from json_to_recordset(?::json) as c (account_id varchar, environment varchar, key varchar, owner varchar, status smallint, headers json, body json)
  where ${OF_CLAIM}`;

const RELEASE = `delete from idempotency_record where account_id = ? and environment = ? and key = ? and owner = ? and completed_at is null`;
const FORGET = `delete from idempotency_record where account_id = ? and environment = ? and key = ? and owner = ?`;

/** A chunk of expired records; one being taken over right now (locked) waits for the next purge. */
const PURGE = `
  with expired as (
    select account_id, environment, key from idempotency_record where expires_at <= ?::timestamptz limit ? for update skip locked
  ), deleted as (
    delete from idempotency_record r using expired x
    where r.account_id = x.account_id and r.environment = x.environment and r.key = x.key
    returning 1
  )
  select count(*)::int as n from deleted`;

const claimRecord = (claim: IdempotencyClaim) => ({ account_id: claim.scope.accountId, environment: claim.scope.environment, key: claim.key, owner: claim.owner });

const toRecord = (row: RecordRow): IdempotencyRecord => ({
  scope: { accountId: row.account_id, environment: row.environment },
  key: row.key,
  owner: row.owner,
  operation: row.operation,
  fingerprint: row.fingerprint,
  createdAt: new Date(row.created_at),
  leaseExpiresAt: new Date(row.lease_expires_at),
  expiresAt: new Date(row.expires_at),
  response: row.response_status === null ? null : { status: row.response_status, headers: row.response_headers ?? {}, body: row.response_body ?? null },
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
      const records = pending.map(({ n, claim }) => ({
        n,
        ...claimRecord(claim),
        operation: claim.operation,
        fingerprint: claim.fingerprint,
        created_at: claim.createdAt.toISOString(),
        lease_expires_at: claim.leaseExpiresAt.toISOString(),
        expires_at: claim.expiresAt.toISOString(),
      }));
      const stored = new Set((await executeBound<{ owner: string }>(this.database, INSERT, [JSON.stringify(records)])).map((row) => row.owner));
      const others = pending.filter(({ claim }) => !stored.has(claim.owner));
      const found = new Map(
        others.length === 0 ? [] : (await executeBound<RecordRow & { n: number }>(this.database, FIND, [JSON.stringify(others.map(({ n, claim }) => ({ n, ...claimRecord(claim) })))])).map((row) => [row.n, toRecord(row)]),
      );
      for (const { n } of others) answers[n] = found.get(n);
      pending = others.filter(({ n }) => !found.has(n));
    }
    if (pending.length > 0) throw new Error(`Idempotency keys keep disappearing between insert and read: ${pending.map(({ claim }) => claim.key).join(', ')}`);
    return answers;
  }

  async replace(current: IdempotencyRecord, fresh: IdempotencyRecord): Promise<boolean> {
    const replaced = await this.database.em.execute<unknown[]>(REPLACE, [
      fresh.operation,
      fresh.fingerprint,
      fresh.owner,
      fresh.createdAt.toISOString(),
      fresh.leaseExpiresAt.toISOString(),
      fresh.expiresAt.toISOString(),
      current.scope.accountId,
      current.scope.environment,
      current.key,
      current.owner,
      current.response === null,
    ]);
    return replaced.length > 0;
  }

  async hold(claims: readonly IdempotencyClaim[]): Promise<readonly boolean[]> {
    if (claims.length === 0) return [];
    const rows = await executeBound<{ n: number }>(this.database, HOLD, [JSON.stringify(claims.map((claim, n) => ({ n, ...claimRecord(claim) })))]);
    const held = new Set(rows.map((row) => row.n));
    return claims.map((_, n) => held.has(n));
  }

  async complete(responses: readonly ClaimResponse[], at: Date): Promise<void> {
    if (responses.length === 0) return;
    const records = responses.map(({ claim, response }) => ({ ...claimRecord(claim), status: response.status, headers: response.headers, body: response.body }));
    await executeBound(this.database, COMPLETE, [at.toISOString(), JSON.stringify(records)]);
  }

  async release(claim: IdempotencyClaim): Promise<void> {
    await this.database.em.execute(RELEASE, [claim.scope.accountId, claim.scope.environment, claim.key, claim.owner], 'run');
  }

  async forget(claim: IdempotencyClaim): Promise<void> {
    await this.database.em.execute(FORGET, [claim.scope.accountId, claim.scope.environment, claim.key, claim.owner], 'run');
  }

  async purgeExpired(now: Date, limit: number): Promise<number> {
    const [row] = await this.database.em.execute<{ n: number }[]>(PURGE, [now.toISOString(), limit]);
    return row?.n ?? 0;
  }
}
