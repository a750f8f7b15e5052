import type { PromotionalHours } from '../../domain/quiet-hours/promotional-hours.ts';

/** An account's SMS settings (docs/messages.md "Smart encoding", docs/quiet-hours.md "Account overrides"). */
export interface AccountSmsSettings {
  /** Whether its sends use smart encoding when a request does not say. */
  readonly smartEncoding: boolean;
  /** Per country: promotional hours instead of the market's, or null for none (the account is exempt there). */
  readonly quietHours: Readonly<Record<string, PromotionalHours | null>>;
}

export const DEFAULT_SMS_SETTINGS: AccountSmsSettings = Object.freeze({ smartEncoding: false, quietHours: Object.freeze({}) });

export interface SmsSettingsRepository {
  /** The account's settings, the defaults when it never changed them. */
  settingsOf(accountId: string): Promise<AccountSmsSettings>;
  save(accountId: string, settings: AccountSmsSettings, now: Date): Promise<void>;
}
