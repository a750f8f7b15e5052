export { NodeDkimKeys } from './node-dkim-keys.ts';
export { SmtpMailTransport } from './smtp-mail-transport.ts';
export { SmtpSubmissionServer, type SmtpSubmissionOptions, type SubmissionRefusal } from './smtp-submission-server.ts';
export { SmtpInboundServer, type InboundMessage, type SmtpInboundOptions } from './smtp-inbound-server.ts';
export { malformedMessage } from './mime-screening.ts';
export { OutboxMailTransport, type OutboxMailTransportOptions, type OutcomeScheduler } from './outbox-mail-transport.ts';
export { MAGIC_RECIPIENTS, simulatedDelivery, type SimulatedDelivery } from './magic-recipients.ts';
