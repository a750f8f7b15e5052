import { expect } from 'chai';
import { rolledBack } from '@tuma/kernel/testing';
import { InMemoryAccessChanges, InMemoryAccountRepository, InMemoryApiKeyRepository } from '../src/testing/index.ts';
import { describeAccountRepositoryContract } from '../src/testing/contracts.ts';

describeAccountRepositoryContract('in-memory', async () => ({
  accounts: new InMemoryAccountRepository(),
  apiKeys: new InMemoryApiKeyRepository(),
  step: (work) => work(),
}));

describe('InMemoryAccessChanges', () => {
  it('keeps in `published` only the changes whose unit of work did not roll back; its listeners heard them all at once', async () => {
    const changes = new InMemoryAccessChanges();
    const heard: unknown[] = [];
    changes.subscribe({ changed: (change) => heard.push(change), interrupted: () => {}, resumed: () => {} });
    await changes.publish({ keyId: 'key_kept' });
    await rolledBack(() => changes.publish({ keyId: 'key_rolled_back' }));
    expect(changes.published).to.deep.equal([{ keyId: 'key_kept' }]);
    expect(heard).to.deep.equal([{ keyId: 'key_kept' }, { keyId: 'key_rolled_back' }]);
  });
});
