/** The contract suite of the short-code inventory. */
import { expect } from 'chai';
import type { ShortCodeInventory } from '../application/short-codes/short-code-inventory.port.ts';

export function describeShortCodeInventoryContract(name: string, make: () => Promise<ShortCodeInventory>): void {
  describe(`ShortCodeInventory contract: ${name}`, () => {
    let inventory: ShortCodeInventory;
    beforeEach(async () => (inventory = await make()));

    it('hands out one shared code per country and dedicated codes in the order provisioned', async () => {
      expect(await inventory.sharedCode('UG')).to.equal(undefined);
      for (const number of ['6102', '6100', '6101']) expect(await inventory.provision({ number, countryCode: 'UG', kind: 'dedicated' })).to.equal(true);
      expect(await inventory.provision({ number: '6000', countryCode: 'UG', kind: 'shared' })).to.equal(true);
      expect(await inventory.provision({ number: '6001', countryCode: 'UG', kind: 'shared' }), 'a second shared code').to.equal(false);
      expect(await inventory.provision({ number: '6100', countryCode: 'KE', kind: 'dedicated' }), 'a number twice').to.equal(false);
      await inventory.provision({ number: '22100', countryCode: 'KE', kind: 'dedicated' });
      expect(await inventory.sharedCode('UG')).to.equal('6000');
      expect(await inventory.dedicatedPool('UG')).to.deep.equal(['6102', '6100', '6101']);
      expect(await inventory.dedicatedPool('KE')).to.deep.equal(['22100']);
      expect((await inventory.list()).map((c) => c.number)).to.deep.equal(['22100', '6102', '6100', '6101', '6000']);
      expect(await inventory.list('KE')).to.deep.equal([{ number: '22100', countryCode: 'KE', kind: 'dedicated' }]);
    });
  });
}
