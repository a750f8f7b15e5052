/** In-memory adapters of this package's ports: for unit tests and for apps embedding the core without a database. */
export { InMemoryFxRates } from './in-memory-fx-rates.ts';
export { InMemoryTopUpRepository } from './in-memory-top-up.repository.ts';
export { InMemoryWalletBalances } from './in-memory-wallet-balances.ts';
export { InMemoryWalletStore } from './in-memory-wallet-store.ts';
