/** In-memory adapters of this package's ports: for unit tests and for apps embedding the core without a database. */
export { InMemoryIdempotencyKeyStore } from './in-memory-idempotency-key-store.ts';
