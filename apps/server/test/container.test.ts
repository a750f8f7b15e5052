import { expect } from 'chai';
import { ACCOUNTS_TOKENS } from '@tuma/accounts';
import { BILLING_TOKENS } from '@tuma/billing';
import { IDENTITY_TOKENS } from '@tuma/identity';
import { KERNEL_TOKENS, type Token } from '@tuma/kernel';
import { MAIL_TOKENS } from '@tuma/mail';
import { MESSAGING_TOKENS } from '@tuma/messaging';
import { buildContainer, jsonLogger, loadConfig, resolve, SERVER_TOKENS } from '../src/index.ts';
import { testDatabase } from '../../../test/support/test-database.ts';

describe('composition root', () => {
  it('resolves every bound token', async () => {
    const container = buildContainer({ config: loadConfig({}), logger: jsonLogger('silent'), database: await testDatabase() });
    const tokens: Token<unknown>[] = [...Object.values(KERNEL_TOKENS), ...Object.values(ACCOUNTS_TOKENS), ...Object.values(BILLING_TOKENS), ...Object.values(MESSAGING_TOKENS), ...Object.values(IDENTITY_TOKENS), ...Object.values(MAIL_TOKENS), ...Object.values(SERVER_TOKENS)];
    for (const token of tokens) expect(resolve(container, token), token.toString()).to.not.equal(undefined);
  });
});

describe('composition root: the SMS core', () => {
  it('builds every use case over the MikroORM adapters', async () => {
    const container = buildContainer({ config: loadConfig({}), logger: jsonLogger('silent'), database: await testDatabase() });
    const M = MESSAGING_TOKENS;
    expect(resolve(container, M.optOutList).constructor.name).to.equal('MikroOrmOptOutList');
    expect(resolve(container, M.templateRepository).constructor.name).to.equal('MikroOrmTemplateRepository');
    expect(resolve(container, M.senderIdRepository).constructor.name).to.equal('MikroOrmSenderIdRepository');
    expect(resolve(container, M.contactListRepository).constructor.name).to.equal('MikroOrmContactListRepository');
    const messaging = resolve(container, M.messaging);
    expect(resolve(container, M.messaging), 'one SMS core per container').to.equal(messaging);
    // Services with verbs of their own; every other member is a use case with execute().
    const { dispatchMessages, cancelMessages, eventPublisher, ...useCases } = messaging;
    expect(Object.keys(useCases)).to.include.members(['sendMessage', 'sendBulk', 'approveSenderId', 'importContacts', 'createTemplate', 'receiveInboundMessage', 'sendTestWebhooks', 'deliverWebhook']);
    for (const [name, useCase] of Object.entries(useCases)) expect(useCase, name).to.have.property('execute').that.is.a('function');
    expect(dispatchMessages.submitMessage).to.be.a('function');
    expect(cancelMessages.cancelMessage).to.be.a('function');
    expect(eventPublisher.publish).to.be.a('function');
  });
});

