import type { Money } from '@tuma/kernel';

/**
 * Per-customer SMS prices (USD a segment) by account and country: where an account has one, its
 * replies and auto-replies from short codes of that country are billed at it instead of the
 * service's outbound rate (the spec's Reply body).
 */
export interface AccountSmsPrices {
  find(accountId: string, countryCode: string): Promise<Money | undefined>;
  /** Sets the account's price for the country; null removes it. */
  set(accountId: string, countryCode: string, priceUsd: Money | null): Promise<void>;
}
