/** Contract suites of this package's ports, run against the in-memory fakes and the real adapters. */
export { describeMailDomainRepositoryContract, type MailDomainRepositoryFixture } from './mail-domain-repository.contract.ts';
export { describeMailOutboxContract, type MailOutboxFixture } from './mail-outbox.contract.ts';
export { describeMailWebhookRepositoryContract, type MailWebhookRepositoryFixture } from './mail-webhook-repository.contract.ts';
export { describeSmtpCredentialRepositoryContract, type SmtpCredentialRepositoryFixture } from './smtp-credential-repository.contract.ts';
export { describeSuppressionListContract, type SuppressionListFixture } from './suppression-list.contract.ts';
export { describeSenderAddressRepositoryContract, type SenderAddressRepositoryFixture } from './sender-address-repository.contract.ts';
export { describeForwardRepositoryContract, type ForwardRepositoryFixture } from './forward-repository.contract.ts';
export { describeMailContactRepositoryContract, type MailContactRepositoryFixture } from './mail-contact-repository.contract.ts';
export { describeBroadcastRepositoryContract, type BroadcastRepositoryFixture } from './broadcast-repository.contract.ts';
