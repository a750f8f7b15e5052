import type { TwoWayPrice } from '../../domain/pricing/two-way-price.model.ts';

/** The operator-editable two-way price table, one row per market (seeded from `DEFAULT_TWO_WAY_PRICES`). */
export interface TwoWayPriceTable {
  list(): Promise<readonly TwoWayPrice[]>;
  find(countryCode: string): Promise<TwoWayPrice | undefined>;
  /** Replaces the country's row. */
  set(price: TwoWayPrice): Promise<void>;
}
