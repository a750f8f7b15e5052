/** Contract suites of this package's ports, run against the in-memory fakes and the real adapters. */
export { describeRateLimitOverrideRepositoryContract, type RateLimitOverrideRepositoryFixture } from './rate-limit-override-repository.contract.ts';
