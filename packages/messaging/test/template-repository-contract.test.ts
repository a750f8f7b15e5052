import { InMemoryTemplateRepository } from '../src/testing/index.ts';
import { describeTemplateRepositoryContract } from '../src/testing/contracts.ts';

describeTemplateRepositoryContract('in-memory', async () => ({
  templates: new InMemoryTemplateRepository(),
  accountIds: ['acc_a', 'acc_b'],
  step: (work) => work(),
}));
