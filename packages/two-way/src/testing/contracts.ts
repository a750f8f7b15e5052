/** Contract suites of this package's ports, run against the in-memory fakes and the real adapters. */
export { describeTwoWayServiceRepositoryContract, type TwoWayServiceRepositoryFixture } from './two-way-service-repository.contract.ts';
export { describeShortCodeInventoryContract } from './short-code-inventory.contract.ts';
export { describeTwoWayPriceTableContract } from './two-way-price-table.contract.ts';
export { describeTwoWayMessageLogContract, type TwoWayMessageLogFixture } from './two-way-message-log.contract.ts';
export { describeAccountSmsPricesContract, type AccountSmsPricesFixture } from './account-sms-prices.contract.ts';
