/** Contract suites of this package's ports, run against the in-memory fakes and the real adapters. */
export { describeIdempotencyKeyStoreContract, type IdempotencyKeyStoreFixture } from './idempotency-key-store.contract.ts';
