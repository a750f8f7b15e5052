import type { AccountSmsSettings, MarketQuietHours, MarketQuietHoursChanges, QuietHoursCatalogue, SmsSettingsRepository } from '@tuma/messaging';
import type { DatabaseNotifications } from '../database/database-notifications.ts';
import { NotifiedCache } from '../database/notified-cache.ts';

export const QUIET_HOURS_TOPIC = 'quiet-hours';
export const SMS_SETTINGS_TOPIC = 'sms-settings';

/**
 * A market's quiet hours kept in process (every promotional send reads them), emptied in every
 * process when an operator changes one or the seed adds some.
 */
export class CachingQuietHoursCatalogue implements QuietHoursCatalogue {
  private readonly markets = new NotifiedCache<MarketQuietHours | undefined>();

  constructor(
    private readonly inner: QuietHoursCatalogue,
    private readonly notifications: DatabaseNotifications,
  ) {
    notifications.subscribe(QUIET_HOURS_TOPIC, this.markets);
  }

  quietHoursOf(countryCode: string): Promise<MarketQuietHours | undefined> {
    return this.markets.get(countryCode.toUpperCase(), () => this.inner.quietHoursOf(countryCode));
  }

  list(): Promise<readonly MarketQuietHours[]> {
    return this.inner.list();
  }

  async update(countryCode: string, changes: MarketQuietHoursChanges, by: string, now: Date): Promise<MarketQuietHours | undefined> {
    const updated = await this.inner.update(countryCode, changes, by, now);
    if (updated) await this.changed();
    return updated;
  }

  async seed(rows: readonly MarketQuietHours[]): Promise<number> {
    const added = await this.inner.seed(rows);
    if (added > 0) await this.changed();
    return added;
  }

  private async changed(): Promise<void> {
    this.markets.clear();
    await this.notifications.publish(QUIET_HOURS_TOPIC, {});
  }
}

/** Accounts' SMS settings kept in process (sends read them for smart encoding and quiet hours), emptied everywhere on a change. */
export class CachingSmsSettings implements SmsSettingsRepository {
  private readonly settings = new NotifiedCache<AccountSmsSettings>();

  constructor(
    private readonly inner: SmsSettingsRepository,
    private readonly notifications: DatabaseNotifications,
  ) {
    notifications.subscribe(SMS_SETTINGS_TOPIC, this.settings);
  }

  settingsOf(accountId: string): Promise<AccountSmsSettings> {
    return this.settings.get(accountId, () => this.inner.settingsOf(accountId));
  }

  async save(accountId: string, settings: AccountSmsSettings, now: Date): Promise<void> {
    await this.inner.save(accountId, settings, now);
    this.settings.clear();
    await this.notifications.publish(SMS_SETTINGS_TOPIC, {});
  }
}
