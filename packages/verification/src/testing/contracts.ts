/** Contract suites of this package's ports, run against the in-memory fakes and the real adapters. */
export { describeVerificationRepositoryContract, type VerificationRepositoryFixture } from './verification-repository.contract.ts';
export { describeVerifyAppRepositoryContract, type VerifyAppRepositoryFixture } from './verify-app-repository.contract.ts';
export { describeVelocityLimitsContract, type VelocityLimitsFixture } from './velocity-limits.contract.ts';
