import type { Money } from '@tuma/kernel';
import { UndoableMap } from '@tuma/kernel/testing';
import type { AccountSmsPrices } from '../application/account-prices/account-sms-prices.port.ts';

/** Per-customer SMS prices in a map. */
export class InMemoryAccountSmsPrices implements AccountSmsPrices {
  private readonly prices = new UndoableMap<string, Money>();

  async find(accountId: string, countryCode: string): Promise<Money | undefined> {
    return this.prices.get(`${accountId} ${countryCode}`);
  }

  async set(accountId: string, countryCode: string, priceUsd: Money | null): Promise<void> {
    if (priceUsd) this.prices.set(`${accountId} ${countryCode}`, priceUsd);
    else this.prices.delete(`${accountId} ${countryCode}`);
  }
}
