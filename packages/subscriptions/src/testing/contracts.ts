/** Contract suites of this package's ports, run against the in-memory fakes and the real adapters. */
export { describeSubscriptionRepositoryContract, type SubscriptionRepositoryFixture } from './subscription-repository.contract.ts';
