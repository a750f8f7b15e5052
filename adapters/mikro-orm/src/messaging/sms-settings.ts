import { DEFAULT_SMS_SETTINGS, type AccountSmsSettings, type SmsSettingsRepository } from '@tuma/messaging';
import type { Database } from '../database/database.ts';

/** Accounts' SMS settings in `account_sms_settings`: one row per account that changed them. */
export class MikroOrmSmsSettings implements SmsSettingsRepository {
  constructor(private readonly database: Database) {}

  async settingsOf(accountId: string): Promise<AccountSmsSettings> {
    const row = await this.database.query.selectFrom('account_sms_settings').select(['smart_encoding', 'quiet_hours']).where('account_id', '=', accountId).executeTakeFirst();
    if (!row) return DEFAULT_SMS_SETTINGS;
    return { smartEncoding: row.smart_encoding, quietHours: row.quiet_hours as AccountSmsSettings['quietHours'] };
  }

  async save(accountId: string, settings: AccountSmsSettings, now: Date): Promise<void> {
    await this.database.query
      .insertInto('account_sms_settings')
      .values({ account_id: accountId, smart_encoding: settings.smartEncoding, quiet_hours: JSON.stringify(settings.quietHours), updated_at: now })
      .onConflict((oc) =>
        oc.column('account_id').doUpdateSet((eb) => ({
          smart_encoding: eb.ref('excluded.smart_encoding'),
          // Kysely types `excluded` by what a column selects (parsed JSON); it is written back as stored.
          quiet_hours: eb.ref('excluded.quiet_hours').$castTo<string>(),
          updated_at: eb.ref('excluded.updated_at'),
        })),
      )
      .execute();
  }
}
