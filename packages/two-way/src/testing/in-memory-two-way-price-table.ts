import { UndoableMap } from '@tuma/kernel/testing';
import type { TwoWayPriceTable } from '../application/pricing/two-way-price-table.port.ts';
import { DEFAULT_TWO_WAY_PRICES } from '../domain/pricing/default-two-way-prices.data.ts';
import type { TwoWayPrice } from '../domain/pricing/two-way-price.model.ts';

/** The price table in a map, starting from the default table. */
export class InMemoryTwoWayPriceTable implements TwoWayPriceTable {
  private readonly rows = new UndoableMap(DEFAULT_TWO_WAY_PRICES.map((p) => [p.countryCode, p]));

  async list(): Promise<readonly TwoWayPrice[]> {
    return [...this.rows.values()];
  }

  async find(countryCode: string): Promise<TwoWayPrice | undefined> {
    return this.rows.get(countryCode);
  }

  async set(price: TwoWayPrice): Promise<void> {
    this.rows.set(price.countryCode, price);
  }
}
