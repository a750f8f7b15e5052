import type { FxRates } from '@tuma/billing';
import { ResultAsync, type CurrencyCode } from '@tuma/kernel';
import type { Catalogue } from './catalogue.port.ts';

/** A route currency no wallet of this currency can be charged in: sends there answer pricing_unavailable. */
export interface MissingFxRate {
  readonly from: CurrencyCode;
  readonly to: CurrencyCode;
  /** The active routes priced in `from`. */
  readonly routes: readonly string[];
}

/**
 * Which active routes cannot be priced in which wallet currencies, for the operator (start-up log,
 * `/health/ready`): a fresh install has no exchange rates until the operator sets them.
 */
export class FindMissingFxRates {
  constructor(
    private readonly catalogue: Catalogue,
    private readonly fxRates: FxRates,
  ) {}

  /** Never an Err: a missing rate is what it reports, not a failure of its own. */
  execute(walletCurrencies: readonly CurrencyCode[]): ResultAsync<readonly MissingFxRate[], never> {
    return ResultAsync.fromSafePromise(this.find(walletCurrencies));
  }

  private async find(walletCurrencies: readonly CurrencyCode[]): Promise<MissingFxRate[]> {
    const routesByCurrency = new Map<CurrencyCode, string[]>();
    for (const route of await this.catalogue.listRoutes()) {
      if (route.isActive) routesByCurrency.set(route.currency, [...(routesByCurrency.get(route.currency) ?? []), route.code]);
    }
    const missing: MissingFxRate[] = [];
    for (const to of new Set(walletCurrencies)) {
      for (const [from, routes] of routesByCurrency) {
        if ((await this.fxRates.resolve(from, to)).isErr()) missing.push({ from, to, routes });
      }
    }
    return missing;
  }
}
