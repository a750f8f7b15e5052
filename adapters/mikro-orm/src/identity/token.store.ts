import { sql, type ExpressionBuilder, type Selectable } from 'kysely';
import type { OneTimeToken, TokenPurpose, TokenStore } from '@tuma/identity';
import type { Database } from '../database/database.ts';
import type { OneTimeTokenTable, Tables } from '../database/tables.ts';

const COLUMNS = ['token_hash', 'purpose', 'subject', 'created_at', 'expires_at'] as const;

const tokenOf = (row: Pick<Selectable<OneTimeTokenTable>, (typeof COLUMNS)[number]>): OneTimeToken => ({
  tokenHash: row.token_hash,
  purpose: row.purpose as TokenPurpose,
  subject: row.subject,
  createdAt: new Date(row.created_at),
  expiresAt: new Date(row.expires_at),
});

const usable =
  (purpose: TokenPurpose, tokenHash: string, now: Date) =>
  (eb: ExpressionBuilder<Tables, 'one_time_token'>) =>
    eb.and([eb('token_hash', '=', tokenHash), eb('purpose', '=', purpose), eb('used_at', 'is', null), eb('expires_at', '>', now.toISOString())]);

/** Mailed tokens in `one_time_token`, as hashes; using one is one conditional update. */
export class MikroOrmTokenStore implements TokenStore {
  constructor(private readonly database: Database) {}

  // Expired tokens are worth nothing: each new token clears those out, so the table never grows past a day's worth.
  async add(token: OneTimeToken): Promise<void> {
    const created = token.createdAt.toISOString();
    await sql`
      with purged as (delete from one_time_token where expires_at <= ${created}::timestamptz)
      insert into one_time_token (token_hash, purpose, subject, created_at, expires_at)
      values (${token.tokenHash}, ${token.purpose}, ${token.subject}, ${created}, ${token.expiresAt.toISOString()})`.execute(this.database.query);
  }

  async find(purpose: TokenPurpose, tokenHash: string, now: Date): Promise<OneTimeToken | undefined> {
    const row = await this.database.query.selectFrom('one_time_token').select(COLUMNS).where(usable(purpose, tokenHash, now)).executeTakeFirst();
    return row && tokenOf(row);
  }

  async consume(purpose: TokenPurpose, tokenHash: string, now: Date): Promise<OneTimeToken | undefined> {
    const row = await this.database.query.updateTable('one_time_token').set({ used_at: now }).where(usable(purpose, tokenHash, now)).returning(COLUMNS).executeTakeFirst();
    return row && tokenOf(row);
  }

  async revokeAll(purpose: TokenPurpose, subject: string, now: Date): Promise<void> {
    await this.database.query.updateTable('one_time_token').set({ used_at: now }).where('subject', '=', subject).where('purpose', '=', purpose).where('used_at', 'is', null).execute();
  }
}
