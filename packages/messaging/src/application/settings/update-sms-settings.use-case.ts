import type { WalletOwners } from '@tuma/billing';
import { err, notFound, ok, transact, validationError, type Clock, type FieldIssue, type NotFoundError, type Result, type UnitOfWork, type ValidationError } from '@tuma/kernel';
import { parsePromotionalHours, type PromotionalHours } from '../../domain/quiet-hours/promotional-hours.ts';
import type { QuietHoursCatalogue } from '../quiet-hours/quiet-hours-catalogue.port.ts';
import type { AccountSmsSettings, SmsSettingsRepository } from './sms-settings.port.ts';

export interface UpdateSmsSettingsInput {
  readonly accountId: string;
  readonly smartEncoding?: boolean | undefined;
  /**
   * The account's quiet-hours overrides, replacing the ones it has: per country code, promotional
   * hours (`"HH:MM-HH:MM"` or a weekday object) or null (no quiet hours there). Operators only.
   */
  readonly quietHours?: Readonly<Record<string, unknown>> | undefined;
}

/** Changes an account's SMS settings; the fields not given are kept. */
export class UpdateSmsSettings {
  constructor(
    private readonly settings: SmsSettingsRepository,
    private readonly markets: QuietHoursCatalogue,
    private readonly owners: WalletOwners,
    private readonly unitOfWork: UnitOfWork,
    private readonly clock: Clock,
  ) {}

  /** Another tenant's or an unknown account is 404 (operators name accounts by id). */
  async execute(input: UpdateSmsSettingsInput): Promise<Result<AccountSmsSettings, ValidationError | NotFoundError>> {
    if ((await this.owners.walletCurrencyOf(input.accountId)) === undefined) return err(notFound('account', input.accountId));
    const issues: FieldIssue[] = [];
    let quietHours: Record<string, PromotionalHours | null> | undefined;
    if (input.quietHours !== undefined) {
      quietHours = {};
      for (const [rawCountry, raw] of Object.entries(input.quietHours)) {
        const country = rawCountry.toUpperCase();
        const path = `quiet_hours.${rawCountry}`;
        if (!(await this.markets.quietHoursOf(country))) {
          issues.push({ path, message: `Not a market: ${rawCountry}` });
          continue;
        }
        const hours = raw === null ? ok(null) : parsePromotionalHours(raw, path);
        if (hours.isErr()) issues.push(...hours.error);
        else quietHours[country] = hours.value;
      }
    }
    if (issues.length > 0) return err(validationError(issues));
    return ok(
      await transact(this.unitOfWork, async () => {
        const current = await this.settings.settingsOf(input.accountId);
        const next: AccountSmsSettings = { smartEncoding: input.smartEncoding ?? current.smartEncoding, quietHours: quietHours ?? current.quietHours };
        await this.settings.save(input.accountId, next, this.clock.now());
        return next;
      }),
    );
  }
}
