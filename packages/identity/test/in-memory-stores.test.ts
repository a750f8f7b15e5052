import { describeIdentityStoresContract } from '../src/testing/contracts.ts';
import { InMemoryLoginAttempts, InMemoryMembershipRepository, InMemorySessionRepository, InMemoryTokenStore, InMemoryUserRepository } from '../src/testing/index.ts';

describeIdentityStoresContract('in memory', async () => ({
  users: new InMemoryUserRepository(),
  tokens: new InMemoryTokenStore(),
  sessions: new InMemorySessionRepository(),
  memberships: new InMemoryMembershipRepository(),
  loginAttempts: new InMemoryLoginAttempts(),
  step: (work) => work(),
}));
