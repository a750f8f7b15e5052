import { nextPromotionalTime, type RecipientQuietHours } from '../../domain/quiet-hours/quiet-hours.ts';
import { zonesOfNumber } from '../../domain/quiet-hours/number-zones.ts';
import type { MarketQuietHours } from '../../domain/quiet-hours/market-quiet-hours.ts';
import type { SmsSettingsRepository } from '../settings/sms-settings.port.ts';
import type { QuietHoursCatalogue } from './quiet-hours-catalogue.port.ts';

/** `open`: it may go at the time asked; `deferred`: not before `at`; `never`: the hours never open. */
export type QuietHoursVerdict = { readonly kind: 'open' } | { readonly kind: 'deferred'; readonly at: Date } | { readonly kind: 'never' };

export interface PromotionalRecipient {
  readonly accountId: string;
  /** E.164. */
  readonly phone: string;
  readonly country: string;
}

const OPEN: QuietHoursVerdict = Object.freeze({ kind: 'open' });

/**
 * When a promotional message may go to a recipient: the account's hours for the country if it set
 * some, else the market's, read in the number's zones. Both stores are cached per process by the
 * server, so a check costs no database round trip once warm.
 */
export class QuietHoursGate {
  constructor(
    private readonly catalogue: QuietHoursCatalogue,
    private readonly settings: SmsSettingsRepository,
  ) {}

  async policyFor(recipient: PromotionalRecipient): Promise<RecipientQuietHours | null> {
    const market = await this.catalogue.quietHoursOf(recipient.country);
    if (!market) return null;
    const overrides = (await this.settings.settingsOf(recipient.accountId)).quietHours;
    const hours = recipient.country in overrides ? overrides[recipient.country]! : market.promotionalHours;
    return hours && { hours, zones: zonesOfNumber(recipient.phone, recipient.country, market.timeZones) };
  }

  /** The verdict for a promotional message to `recipient` due at `at`. */
  async verdict(recipient: PromotionalRecipient, at: Date): Promise<QuietHoursVerdict> {
    return verdictOf(await this.policyFor(recipient), at);
  }

  /**
   * The verdicts of many recipients of one account (a bulk send), each due at its own time: one
   * reading of each country's hours, one computation per (country, zones, time).
   */
  async verdicts(accountId: string, recipients: readonly { readonly phone: string; readonly country: string; readonly at: Date }[]): Promise<QuietHoursVerdict[]> {
    const overrides = (await this.settings.settingsOf(accountId)).quietHours;
    const markets = new Map<string, MarketQuietHours | undefined>();
    const verdicts = new Map<string, QuietHoursVerdict>();
    const answers: QuietHoursVerdict[] = [];
    for (const { phone, country, at } of recipients) {
      if (!markets.has(country)) markets.set(country, await this.catalogue.quietHoursOf(country));
      const market = markets.get(country);
      const hours = market && (country in overrides ? overrides[country]! : market.promotionalHours);
      if (!market || !hours) {
        answers.push(OPEN);
        continue;
      }
      const zones = zonesOfNumber(phone, country, market.timeZones);
      const key = `${country} ${zones.join(' ')} ${at.getTime()}`;
      let verdict = verdicts.get(key);
      if (!verdict) verdicts.set(key, (verdict = verdictOf({ hours, zones }, at)));
      answers.push(verdict);
    }
    return answers;
  }
}

function verdictOf(policy: RecipientQuietHours | null, at: Date): QuietHoursVerdict {
  if (!policy) return OPEN;
  const next = nextPromotionalTime(policy, at);
  if (next === null) return { kind: 'never' };
  return next.getTime() === at.getTime() ? OPEN : { kind: 'deferred', at: next };
}
