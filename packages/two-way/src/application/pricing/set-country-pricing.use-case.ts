import { err, errAsync, notFound, ok, ResultAsync, type NotFoundError, type ValidationError } from '@tuma/kernel';
import { twoWayPriceOf, type TwoWayPriceInput } from '../../domain/pricing/two-way-price.model.ts';
import type { TwoWayPricingEntry } from '../../domain/pricing/two-way-pricing-entry.ts';
import type { TwoWayPriceTable } from './two-way-price-table.port.ts';
import type { TwoWayPricing } from './two-way-pricing.ts';

/** Operator: `PUT /api/admin/two-way/pricing/{cc}` replaces a market's row; services already requested keep their prices. */
export class SetCountryPricing {
  constructor(
    private readonly table: TwoWayPriceTable,
    private readonly pricing: TwoWayPricing,
  ) {}

  execute(input: { readonly countryCode: string; readonly price: TwoWayPriceInput }): ResultAsync<TwoWayPricingEntry, ValidationError | NotFoundError> {
    const countryCode = input.countryCode.toUpperCase();
    const price = twoWayPriceOf(countryCode, input.price);
    if (price.isErr()) return errAsync(price.error);
    return new ResultAsync(
      (async () => {
        if (!(await this.table.find(countryCode))) return err(notFound('country', countryCode));
        await this.table.set(price.value);
        const entry = await this.pricing.entryFor(countryCode);
        return entry ? ok(entry) : err(notFound('country', countryCode));
      })(),
    );
  }
}
