import { accountsServerModule } from './accounts.module.ts';
import { reportsServerModule } from './reports.module.ts';
import { billingServerModule } from './billing.module.ts';
import { catalogueServerModule } from './catalogue.module.ts';
import { paymentsServerModule } from './payments.module.ts';
import { pricingServerModule } from './pricing.module.ts';
import { optOutsServerModule } from './opt-outs.module.ts';
import { templatesServerModule } from './templates.module.ts';
import { senderIdsServerModule } from './sender-ids.module.ts';
import { contactsServerModule } from './contacts.module.ts';
import { messagesServerModule } from './messages.module.ts';
import { inboundServerModule } from './inbound.module.ts';
import { webhooksServerModule } from './webhooks.module.ts';
import type { ServerModule } from './server-module.ts';
import { smsCoreServerModule } from './sms-core.module.ts';
import { rateLimitsServerModule } from './rate-limits.module.ts';
import { verifyServerModule } from './verify.module.ts';
import { idempotencyServerModule } from './idempotency.module.ts';
import { subscriptionsServerModule } from './subscriptions.module.ts';
import { identityServerModule } from './identity.module.ts';
import { outboxServerModule } from './outbox.module.ts';
import { userAdminServerModule } from './user-admin.module.ts';
import { mailServerModule } from './mail.module.ts';
import { twoWayServerModule } from './two-way.module.ts';
import { linksServerModule } from './links.module.ts';
import { shortLinksServerModule } from './short-links.module.ts';

/** Every capability the server wires, in start order; routes mount in this order too (reports before catalogue and messages, see reports.module.ts). */
export const SERVER_MODULES: readonly ServerModule[] = [accountsServerModule, idempotencyServerModule, reportsServerModule, catalogueServerModule, billingServerModule, paymentsServerModule, pricingServerModule, optOutsServerModule, templatesServerModule, senderIdsServerModule, contactsServerModule, messagesServerModule, inboundServerModule, webhooksServerModule, smsCoreServerModule, rateLimitsServerModule, verifyServerModule, subscriptionsServerModule, outboxServerModule, identityServerModule, userAdminServerModule, mailServerModule, twoWayServerModule, linksServerModule, shortLinksServerModule];
