import { expect } from 'chai';
import { Money } from '@tuma/kernel';
import { rolledBack } from '@tuma/kernel/testing';
import { InMemoryAccountSmsPrices, InMemoryShortCodeInventory, InMemoryTwoWayMessageLog, InMemoryTwoWayPriceTable } from '../src/testing/index.ts';

const AT = new Date(Date.UTC(2026, 10, 21, 9, 0, 0));

describe('the in-memory two-way stores roll back with the unit of work', () => {
  it('leave account prices, the price table, the message log and the short codes as they were when the unit of work fails', async () => {
    const prices = new InMemoryAccountSmsPrices();
    const table = new InMemoryTwoWayPriceTable();
    const log = new InMemoryTwoWayMessageLog();
    const codes = new InMemoryShortCodeInventory({ KE: { shared: '22555' } });
    const price = Money.parse('0.02', 'USD')._unsafeUnwrap();
    await prices.set('acc_a', 'KE', price);
    const before = await table.list();
    const kenya = (await table.find('KE'))!;

    await rolledBack(async () => {
      await prices.set('acc_a', 'KE', null);
      await prices.set('acc_a', 'UG', price);
      await table.set({ ...kenya, offered: !kenya.offered });
      await log.record({ id: 'mo_1', serviceId: 1, direction: 'inbound', from: '+254700000001', to: '22555', text: 'JOIN', keyword: 'JOIN', phone: '+254700000001', status: 'received', billed: true, cost: price, autoReply: false, createdAt: AT });
      expect(await codes.provision({ number: '22100', countryCode: 'KE', kind: 'dedicated' })).to.equal(true);
    });

    expect([await prices.find('acc_a', 'KE'), await prices.find('acc_a', 'UG')]).to.deep.equal([price, undefined]);
    expect(await table.list()).to.deep.equal(before);
    expect(await log.list(1, 10)).to.deep.equal({ messages: [], total: 0 });
    expect(await codes.list('KE')).to.deep.equal([{ number: '22555', countryCode: 'KE', kind: 'shared' }]);
  });
});
