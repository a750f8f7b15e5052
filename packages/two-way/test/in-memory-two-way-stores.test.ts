import { describeAccountSmsPricesContract, describeShortCodeInventoryContract, describeTwoWayMessageLogContract, describeTwoWayPriceTableContract, describeTwoWayServiceRepositoryContract } from '../src/testing/contracts.ts';
import { InMemoryAccountSmsPrices, InMemoryShortCodeInventory, InMemoryTwoWayMessageLog, InMemoryTwoWayPriceTable, InMemoryTwoWayServiceRepository } from '../src/testing/index.ts';

describeTwoWayServiceRepositoryContract('in memory', async () => ({
  repository: new InMemoryTwoWayServiceRepository(),
  accountIds: ['acc_in_memory_a', 'acc_in_memory_b'],
  step: (work) => work(),
}));

describeShortCodeInventoryContract('in memory', async () => new InMemoryShortCodeInventory());

describeTwoWayPriceTableContract('in memory', async () => new InMemoryTwoWayPriceTable());

describeTwoWayMessageLogContract('in memory', async () => ({ log: new InMemoryTwoWayMessageLog(), serviceIds: [1, 2] }));

describeAccountSmsPricesContract('in memory', async () => ({ prices: new InMemoryAccountSmsPrices(), accountIds: ['acc_a', 'acc_b'] }));
