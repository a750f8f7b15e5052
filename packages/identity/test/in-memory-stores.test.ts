import { InMemoryFailureLog } from '@tuma/kernel/testing';
import { describeIdentityStoresContract } from '../src/testing/contracts.ts';
import { InMemoryMembershipRepository, InMemorySessionRepository, InMemoryTokenStore, InMemoryUserRepository } from '../src/testing/index.ts';

describeIdentityStoresContract('in memory', async () => ({
  users: new InMemoryUserRepository(),
  tokens: new InMemoryTokenStore(),
  sessions: new InMemorySessionRepository(),
  memberships: new InMemoryMembershipRepository(),
  failureLog: new InMemoryFailureLog(),
  step: (work) => work(),
}));
