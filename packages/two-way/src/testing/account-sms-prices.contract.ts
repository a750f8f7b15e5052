/** The contract suite of per-customer SMS prices. */
import { expect } from 'chai';
import { currency, Money } from '@tuma/kernel';
import type { AccountSmsPrices } from '../application/account-prices/account-sms-prices.port.ts';

export interface AccountSmsPricesFixture {
  readonly prices: AccountSmsPrices;
  /** Two accounts that exist. */
  readonly accountIds: readonly [string, string];
}

const usd = (amount: string) => Money.parse(amount, currency('USD'))._unsafeUnwrap();

export function describeAccountSmsPricesContract(name: string, make: () => Promise<AccountSmsPricesFixture>): void {
  describe(`AccountSmsPrices contract: ${name}`, () => {
    it('keeps one exact price per account and country, replaced by the next and removed by null', async () => {
      const { prices, accountIds: [a, b] } = await make();
      expect(await prices.find(a, 'UG')).to.equal(undefined);
      await prices.set(a, 'UG', usd('0.012345'));
      await prices.set(a, 'UG', usd('0.006789'));
      await prices.set(b, 'UG', usd('0.5'));
      await prices.set(a, 'KE', usd('0'));
      expect(await prices.find(a, 'UG')).to.deep.equal(usd('0.006789'));
      expect(await prices.find(b, 'UG')).to.deep.equal(usd('0.5'));
      expect(await prices.find(a, 'KE')).to.deep.equal(usd('0'));
      await prices.set(a, 'UG', null);
      expect(await prices.find(a, 'UG')).to.equal(undefined);
      expect(await prices.find(b, 'UG')).to.deep.equal(usd('0.5'));
    });
  });
}
