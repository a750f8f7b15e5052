import { DEFAULT_SMS_SETTINGS, type AccountSmsSettings, type SmsSettingsRepository } from '@tuma/messaging';
import type { Database } from '../database/database.ts';
import { executeBound } from '../database/bound-statement.ts';

/** Accounts' SMS settings in `account_sms_settings`: one row per account that changed them. */
export class MikroOrmSmsSettings implements SmsSettingsRepository {
  constructor(private readonly database: Database) {}

  async settingsOf(accountId: string): Promise<AccountSmsSettings> {
    const [row] = await this.database.em.execute<{ smart_encoding: boolean; quiet_hours: unknown }[]>(
      'select smart_encoding, quiet_hours from account_sms_settings where account_id = ?',
      [accountId],
    );
    if (!row) return DEFAULT_SMS_SETTINGS;
    const quietHours = typeof row.quiet_hours === 'string' ? JSON.parse(row.quiet_hours) : row.quiet_hours;
    return { smartEncoding: row.smart_encoding, quietHours: quietHours as AccountSmsSettings['quietHours'] };
  }

  async save(accountId: string, settings: AccountSmsSettings, now: Date): Promise<void> {
    await executeBound(
      this.database,
      `insert into account_sms_settings (account_id, smart_encoding, quiet_hours, updated_at) values (?, ?, ?::jsonb, ?)
       on conflict (account_id) do update set smart_encoding = excluded.smart_encoding, quiet_hours = excluded.quiet_hours, updated_at = excluded.updated_at`,
      [accountId, settings.smartEncoding, JSON.stringify(settings.quietHours), now.toISOString()],
    );
  }
}
