import { expect } from 'chai';
import { ACCOUNTS_TOKENS } from '@tuma/accounts';
import { BILLING_TOKENS } from '@tuma/billing';
import { KERNEL_TOKENS, type Token } from '@tuma/kernel';
import { MESSAGING_TOKENS } from '@tuma/messaging';
import { buildContainer, jsonLogger, loadConfig, resolve, SERVER_TOKENS } from '../src/index.ts';
import { testDatabase } from '../../../test/support/test-database.ts';

describe('composition root', () => {
  it('resolves every bound token', async () => {
    const container = buildContainer({ config: loadConfig({}), logger: jsonLogger('silent'), database: await testDatabase() });
    const tokens: Token<unknown>[] = [...Object.values(KERNEL_TOKENS), ...Object.values(ACCOUNTS_TOKENS), ...Object.values(BILLING_TOKENS), ...Object.values(MESSAGING_TOKENS), ...Object.values(SERVER_TOKENS)];
    for (const token of tokens) expect(resolve(container, token), token.toString()).to.not.equal(undefined);
  });
});

describe('composition root: sender IDs', () => {
  it('serves the approval check sends use from the sender-ID repository itself', async () => {
    const container = buildContainer({ config: loadConfig({}), logger: jsonLogger('silent'), database: await testDatabase() });
    const approvals = resolve(container, MESSAGING_TOKENS.senderIdApprovals);
    expect(approvals).to.equal(resolve(container, MESSAGING_TOKENS.senderIdRepository));
    expect(approvals.constructor.name).to.equal('MikroOrmSenderIdRepository');
    const M = MESSAGING_TOKENS;
    const useCases: Token<unknown>[] = [M.requestSenderId, M.listSenderIds, M.reviewSenderIds, M.approveSenderId, M.rejectSenderId];
    for (const token of useCases) expect(resolve(container, token), token.toString()).to.have.property('execute').that.is.a('function');
  });
});

describe('composition root: opt-outs and templates', () => {
  it('binds the MikroORM opt-out list and template repository, and their use cases', async () => {
    const container = buildContainer({ config: loadConfig({}), logger: jsonLogger('silent'), database: await testDatabase() });
    const M = MESSAGING_TOKENS;
    expect(resolve(container, M.optOutList).constructor.name).to.equal('MikroOrmOptOutList');
    expect(resolve(container, M.templateRepository).constructor.name).to.equal('MikroOrmTemplateRepository');
    const useCases: Token<unknown>[] = [M.listOptOuts, M.addOptOut, M.removeOptOut, M.listTemplates, M.createTemplate, M.updateTemplate, M.deleteTemplate];
    for (const token of useCases) expect(resolve(container, token), token.toString()).to.have.property('execute').that.is.a('function');
  });
});

describe('composition root: contact lists', () => {
  it('binds the MikroORM contact-list repository, serves it as the ContactSource, and binds the use cases', async () => {
    const container = buildContainer({ config: loadConfig({}), logger: jsonLogger('silent'), database: await testDatabase() });
    const M = MESSAGING_TOKENS;
    const lists = resolve(container, M.contactListRepository);
    expect(lists.constructor.name).to.equal('MikroOrmContactListRepository');
    expect(resolve(container, M.contactSource)).to.equal(lists);
    const useCases: Token<unknown>[] = [
      M.listContactLists,
      M.createContactList,
      M.getContactList,
      M.updateContactList,
      M.deleteContactList,
      M.listContactMembers,
      M.addContactMembers,
      M.removeContactMember,
      M.importContacts,
    ];
    for (const token of useCases) expect(resolve(container, token), token.toString()).to.have.property('execute').that.is.a('function');
  });
});
