import { transact } from '@tuma/kernel';
import { ImmediateUnitOfWork } from '@tuma/kernel/testing';
import { describeTopUpRepositoryContract } from '../src/testing/contracts.ts';
import { InMemoryTopUpRepository } from '../src/testing/index.ts';

describeTopUpRepositoryContract('in memory', async () => ({
  topUps: new InMemoryTopUpRepository(),
  accountId: 'acc_in_memory',
  step: (work) => work(),
  transaction: (work) => transact(new ImmediateUnitOfWork(), work),
}));
