import { FakeClock } from '@tuma/kernel/testing';
import { describeVelocityLimitsContract, describeVerificationRepositoryContract, describeVerifyAppRepositoryContract } from '../src/testing/contracts.ts';
import { InMemoryVelocityLimits, InMemoryVerificationRepository, InMemoryVerifyAppRepository } from '../src/testing/index.ts';

describeVerificationRepositoryContract('in memory', async () => ({
  verifications: new InMemoryVerificationRepository(),
  accountIds: ['acc_in_memory_a', 'acc_in_memory_b'],
  step: (work) => work(),
  transaction: (work) => work(),
}));

describeVerifyAppRepositoryContract('in memory', async () => ({ apps: new InMemoryVerifyAppRepository(), accountIds: ['acc_in_memory_a', 'acc_in_memory_b'], step: (work) => work() }));

describeVelocityLimitsContract('in memory', async () => ({ limits: new InMemoryVelocityLimits(new FakeClock('2026-06-01T08:00:10.000Z')), prefix: 'v:', step: (work) => work() }));
