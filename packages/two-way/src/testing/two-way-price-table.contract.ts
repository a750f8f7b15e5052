/** The contract suite of the two-way price table. */
import { expect } from 'chai';
import { currency, Money } from '@tuma/kernel';
import type { TwoWayPriceTable } from '../application/pricing/two-way-price-table.port.ts';
import { DEFAULT_TWO_WAY_PRICES } from '../domain/pricing/default-two-way-prices.data.ts';

const usd = (amount: string) => Money.parse(amount, currency('USD'))._unsafeUnwrap();

export function describeTwoWayPriceTableContract(name: string, make: () => Promise<TwoWayPriceTable>): void {
  describe(`TwoWayPriceTable contract: ${name}`, () => {
    let table: TwoWayPriceTable;
    beforeEach(async () => (table = await make()));

    it('starts at the default row of every market, in market order', async () => {
      expect(await table.list()).to.deep.equal(DEFAULT_TWO_WAY_PRICES);
      expect(await table.find('KE')).to.deep.equal(DEFAULT_TWO_WAY_PRICES.find((p) => p.countryCode === 'KE'));
      expect(await table.find('ZZ')).to.equal(undefined);
    });

    it('replaces a row with the operator edit, amounts exact to the micro-unit, and keeps it in its place', async () => {
      const edited = { ...DEFAULT_TWO_WAY_PRICES.find((p) => p.countryCode === 'NG')!, offered: true, setupFeeUsd: usd('123.456789'), customSmsPriceUsd: usd('0.000001'), tollFreeInboundPriceUsd: null };
      await table.set(edited);
      await table.set({ ...edited, monthlyFeeUsd: usd('99.5') });
      expect(await table.find('NG')).to.deep.equal({ ...edited, monthlyFeeUsd: usd('99.5') });
      const listed = await table.list();
      expect(listed.map((p) => p.countryCode)).to.deep.equal(DEFAULT_TWO_WAY_PRICES.map((p) => p.countryCode));
      expect(listed.find((p) => p.countryCode === 'NG')).to.deep.equal({ ...edited, monthlyFeeUsd: usd('99.5') });
    });
  });
}
