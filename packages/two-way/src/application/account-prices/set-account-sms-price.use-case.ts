import type { WalletOwners } from '@tuma/billing';
import { err, errAsync, fieldError, Money, notFound, ok, ResultAsync, type NotFoundError, type ValidationError } from '@tuma/kernel';
import type { Catalogue } from '@tuma/messaging';
import type { AccountSmsPrices } from './account-sms-prices.port.ts';

/** An account's SMS price in a country as the operator sees it: `custom` while one is set. */
export interface AccountSmsPrice {
  readonly accountId: string;
  readonly countryCode: string;
  readonly priceUsd: Money | null;
  readonly priceSource: 'custom' | 'basic';
}

/** Operator: `PUT /api/admin/accounts/{id}/prices/{cc}` sets (or, with null, removes) an account's per-customer SMS price in USD a segment. */
export class SetAccountSmsPrice {
  constructor(
    private readonly prices: AccountSmsPrices,
    private readonly owners: WalletOwners,
    private readonly catalogue: Pick<Catalogue, 'findMarket'>,
  ) {}

  execute(input: { readonly accountId: string; readonly countryCode: string; readonly priceUsd: string | null }): ResultAsync<AccountSmsPrice, ValidationError | NotFoundError> {
    const countryCode = input.countryCode.toUpperCase();
    const parsed = input.priceUsd === null ? ok(null) : Money.parse(input.priceUsd, 'USD');
    if (parsed.isErr() || parsed.value?.isNegative()) return errAsync(fieldError('price_usd', 'A USD amount of zero or more, or null to remove it'));
    const price = parsed.value;
    return new ResultAsync(
      (async () => {
        if (!(await this.owners.walletCurrencyOf(input.accountId))) return err(notFound('account', input.accountId));
        if (!(await this.catalogue.findMarket(countryCode))) return err(notFound('country', countryCode));
        await this.prices.set(input.accountId, countryCode, price);
        return ok({ accountId: input.accountId, countryCode, priceUsd: price, priceSource: price ? 'custom' : 'basic' } as const);
      })(),
    );
  }
}
