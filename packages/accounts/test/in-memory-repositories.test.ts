import { InMemoryAccountRepository, InMemoryApiKeyRepository } from '../src/testing/index.ts';
import { describeAccountRepositoryContract } from '../src/testing/contracts.ts';

describeAccountRepositoryContract('in-memory', async () => ({
  accounts: new InMemoryAccountRepository(),
  apiKeys: new InMemoryApiKeyRepository(),
  step: (work) => work(),
}));
