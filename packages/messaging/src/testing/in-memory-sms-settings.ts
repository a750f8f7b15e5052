import { UndoableMap } from '@tuma/kernel/testing';
import { DEFAULT_SMS_SETTINGS, type AccountSmsSettings, type SmsSettingsRepository } from '../application/settings/sms-settings.port.ts';

/** Accounts' SMS settings in memory. */
export class InMemorySmsSettings implements SmsSettingsRepository {
  private readonly settings = new UndoableMap<string, AccountSmsSettings>();

  async settingsOf(accountId: string): Promise<AccountSmsSettings> {
    return this.settings.get(accountId) ?? DEFAULT_SMS_SETTINGS;
  }

  async save(accountId: string, settings: AccountSmsSettings): Promise<void> {
    this.settings.set(accountId, settings);
  }
}
