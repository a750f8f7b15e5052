import type { VerifyAppRepository, VerifyAppSnapshot } from '@tuma/verification';
import type { Database } from '../database/database.ts';
import { APP_COLUMNS, appFromRow, appValues, SELECT_APP, type VerifyAppRow } from './verify-app-rows.ts';

const PLACEHOLDERS = APP_COLUMNS.split(',').map(() => '?').join(', ');

const UPDATE = `
  update verify_app set name = ?, brand = ?, template = ?, code_length = ?, ttl_seconds = ?, max_check_attempts = ?, max_sends = ?,
    resend_cooldown_seconds = ?, allowed_countries = ?::jsonb, sender_id = ?, updated_at = ?::timestamptz
  where id = ? and account_id = ?`;

/** Verify Apps in `verify_app`; one default per account (a partial unique index). */
export class MikroOrmVerifyAppRepository implements VerifyAppRepository {
  constructor(private readonly database: Database) {}

  async add(app: VerifyAppSnapshot): Promise<void> {
    await this.database.em.execute(`insert into verify_app (${APP_COLUMNS}) values (${PLACEHOLDERS})`, appValues(app), 'run');
  }

  async save(app: VerifyAppSnapshot): Promise<void> {
    const p = app.policy;
    await this.database.em.execute(
      UPDATE,
      [app.name, app.brand, app.template, app.codeLength, p.ttlSeconds, p.maxCheckAttempts, p.maxSends, p.resendCooldownSeconds, JSON.stringify(app.allowedCountries), app.senderId, app.updatedAt.toISOString(), app.id, app.accountId],
      'run',
    );
  }

  async find(accountId: string, id: string): Promise<VerifyAppSnapshot | undefined> {
    const rows = await this.database.em.execute<VerifyAppRow[]>(`${SELECT_APP} where id = ? and account_id = ?`, [id, accountId]);
    return rows[0] && appFromRow(rows[0]);
  }

  async list(accountId: string): Promise<readonly VerifyAppSnapshot[]> {
    const rows = await this.database.em.execute<VerifyAppRow[]>(`${SELECT_APP} where account_id = ? order by created_at, id`, [accountId]);
    return rows.map(appFromRow);
  }

  async remove(accountId: string, id: string): Promise<boolean> {
    return (await this.database.em.execute<{ id: string }[]>('delete from verify_app where id = ? and account_id = ? returning id', [id, accountId])).length > 0;
  }

  /** Insert-or-read in two statements: the read must see a concurrent first use's committed row. */
  async ensureDefault(draft: VerifyAppSnapshot): Promise<VerifyAppSnapshot> {
    const [existing] = await this.database.em.execute<VerifyAppRow[]>(`${SELECT_APP} where account_id = ? and is_default`, [draft.accountId]);
    if (existing) return appFromRow(existing);
    await this.database.em.execute(`insert into verify_app (${APP_COLUMNS}) values (${PLACEHOLDERS}) on conflict (account_id) where is_default do nothing`, appValues(draft), 'run');
    const [stored] = await this.database.em.execute<VerifyAppRow[]>(`${SELECT_APP} where account_id = ? and is_default`, [draft.accountId]);
    return appFromRow(stored!);
  }
}
