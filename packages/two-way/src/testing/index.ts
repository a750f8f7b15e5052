/** In-memory adapters of this package's ports: for unit tests and for apps embedding the core without a database. */
export { InMemoryTwoWayServiceRepository } from './in-memory-two-way-service.repository.ts';
export { InMemoryTwoWayPriceTable } from './in-memory-two-way-price-table.ts';
export { InMemoryShortCodeInventory } from './in-memory-short-code-inventory.ts';
export { InMemoryTwoWayMessageLog } from './in-memory-two-way-message-log.ts';
export { InMemoryAccountSmsPrices } from './in-memory-account-sms-prices.ts';
