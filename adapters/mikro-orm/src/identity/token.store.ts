import type { OneTimeToken, TokenPurpose, TokenStore } from '@tuma/identity';
import type { Database } from '../database/database.ts';

interface TokenRow {
  readonly token_hash: string;
  readonly purpose: TokenPurpose;
  readonly subject: string;
  readonly created_at: string;
  readonly expires_at: string;
}

const COLUMNS = 'token_hash, purpose, subject, created_at::text as created_at, expires_at::text as expires_at';
const USABLE = 'token_hash = ? and purpose = ? and used_at is null and expires_at > ?::timestamptz';

// Expired tokens are worth nothing: each new token clears those out, so the table never grows past a day's worth.
const ADD = `
  with purged as (delete from one_time_token where expires_at <= ?::timestamptz)
  insert into one_time_token (token_hash, purpose, subject, created_at, expires_at) values (?, ?, ?, ?, ?)`;

const fromRow = (row: TokenRow): OneTimeToken => ({
  tokenHash: row.token_hash,
  purpose: row.purpose,
  subject: row.subject,
  createdAt: new Date(row.created_at),
  expiresAt: new Date(row.expires_at),
});

/** Mailed tokens in `one_time_token`, as hashes; using one is one conditional update. */
export class MikroOrmTokenStore implements TokenStore {
  constructor(private readonly database: Database) {}

  async add(token: OneTimeToken): Promise<void> {
    const created = token.createdAt.toISOString();
    await this.database.em.execute(ADD, [created, token.tokenHash, token.purpose, token.subject, created, token.expiresAt.toISOString()], 'run');
  }

  async find(purpose: TokenPurpose, tokenHash: string, now: Date): Promise<OneTimeToken | undefined> {
    const rows = await this.database.em.execute<TokenRow[]>(`select ${COLUMNS} from one_time_token where ${USABLE}`, [tokenHash, purpose, now.toISOString()]);
    return rows[0] && fromRow(rows[0]);
  }

  async consume(purpose: TokenPurpose, tokenHash: string, now: Date): Promise<OneTimeToken | undefined> {
    const at = now.toISOString();
    const rows = await this.database.em.execute<TokenRow[]>(`update one_time_token set used_at = ?::timestamptz where ${USABLE} returning ${COLUMNS}`, [at, tokenHash, purpose, at]);
    return rows[0] && fromRow(rows[0]);
  }

  async revokeAll(purpose: TokenPurpose, subject: string, now: Date): Promise<void> {
    await this.database.em.execute('update one_time_token set used_at = ?::timestamptz where subject = ? and purpose = ? and used_at is null', [now.toISOString(), subject, purpose], 'run');
  }
}
