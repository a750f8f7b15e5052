/** In-memory adapters of this package's ports: for unit tests and for apps embedding the core without a database. */
export { InMemoryAccountRepository } from './in-memory-account.repository.ts';
export { InMemoryApiKeyRepository } from './in-memory-api-key.repository.ts';
export { InMemoryAccessChanges } from './in-memory-access-changes.ts';
