import type { WalletOwners } from '@tuma/billing';
import { err, notFound, ok, type NotFoundError, type Result } from '@tuma/kernel';
import type { AccountSmsSettings, SmsSettingsRepository } from './sms-settings.port.ts';

/** An account's SMS settings, the defaults when it never changed them; an unknown account is 404. */
export class GetSmsSettings {
  constructor(
    private readonly settings: SmsSettingsRepository,
    private readonly owners: WalletOwners,
  ) {}

  async execute(accountId: string): Promise<Result<AccountSmsSettings, NotFoundError>> {
    if ((await this.owners.walletCurrencyOf(accountId)) === undefined) return err(notFound('account', accountId));
    return ok(await this.settings.settingsOf(accountId));
  }
}
