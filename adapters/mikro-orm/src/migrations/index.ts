import type { Constructor } from '@mikro-orm/core';
import type { Migration } from '@mikro-orm/migrations';
import { Migration20261121000001Accounts } from './Migration20261121000001Accounts.ts';
import { Migration20261121000002Catalogue } from './Migration20261121000002Catalogue.ts';
import { Migration20261121000003FxRates } from './Migration20261121000003FxRates.ts';
import { Migration20261121000004Wallets } from './Migration20261121000004Wallets.ts';
import { Migration20261121000005TopUps } from './Migration20261121000005TopUps.ts';
import { Migration20261121000006OptOutsTemplates } from './Migration20261121000006OptOutsTemplates.ts';
import { Migration20261121000007SenderIds } from './Migration20261121000007SenderIds.ts';
import { Migration20261121000008Messages } from './Migration20261121000008Messages.ts';
import { Migration20261121000009ContactLists } from './Migration20261121000009ContactLists.ts';
import { Migration20261121000010BatchAudience } from './Migration20261121000010BatchAudience.ts';
import { Migration20261121000011Webhooks } from './Migration20261121000011Webhooks.ts';
import { Migration20261121000012ReportIndexes } from './Migration20261121000012ReportIndexes.ts';
import { Migration20261121000013Inbound } from './Migration20261121000013Inbound.ts';
import { Migration20261124000050WebhookEnvironments } from './Migration20261124000050WebhookEnvironments.ts';
import { Migration20261124000060RouteThroughput } from './Migration20261124000060RouteThroughput.ts';
import { Migration20261124001200RateLimits } from './Migration20261124001200RateLimits.ts';
import { Migration20261124001300Verify } from './Migration20261124001300Verify.ts';
import { Migration20261124001400Idempotency } from './Migration20261124001400Idempotency.ts';
import { Migration20261124001500Subscriptions } from './Migration20261124001500Subscriptions.ts';
import { Migration20261124001600Identity } from './Migration20261124001600Identity.ts';
import { Migration20261124001700MailDomains } from './Migration20261124001700MailDomains.ts';
import { Migration20261124001800MailKeys } from './Migration20261124001800MailKeys.ts';
import { Migration20261124001810Emails } from './Migration20261124001810Emails.ts';
import { Migration20261124001900AccountEmailVerified } from './Migration20261124001900AccountEmailVerified.ts';
import { Migration20261125000500Suppressions } from './Migration20261125000500Suppressions.ts';
import { Migration20261125000600SenderAddresses } from './Migration20261125000600SenderAddresses.ts';
import { Migration20261125000700EmailEventTimes } from './Migration20261125000700EmailEventTimes.ts';

/** Every migration, in order. Listed explicitly: no file globbing at run time. */
export const MIGRATIONS: { name: string; class: Constructor<Migration> }[] = [
  { name: 'Migration20261121000001Accounts', class: Migration20261121000001Accounts },
  { name: 'Migration20261121000002Catalogue', class: Migration20261121000002Catalogue },
  { name: 'Migration20261121000003FxRates', class: Migration20261121000003FxRates },
  { name: 'Migration20261121000004Wallets', class: Migration20261121000004Wallets },
  { name: 'Migration20261121000005TopUps', class: Migration20261121000005TopUps },
  { name: 'Migration20261121000006OptOutsTemplates', class: Migration20261121000006OptOutsTemplates },
  { name: 'Migration20261121000007SenderIds', class: Migration20261121000007SenderIds },
  { name: 'Migration20261121000008Messages', class: Migration20261121000008Messages },
  { name: 'Migration20261121000009ContactLists', class: Migration20261121000009ContactLists },
  { name: 'Migration20261121000010BatchAudience', class: Migration20261121000010BatchAudience },
  { name: 'Migration20261121000011Webhooks', class: Migration20261121000011Webhooks },
  { name: 'Migration20261121000012ReportIndexes', class: Migration20261121000012ReportIndexes },
  { name: 'Migration20261121000013Inbound', class: Migration20261121000013Inbound },
  { name: 'Migration20261124000050WebhookEnvironments', class: Migration20261124000050WebhookEnvironments },
  { name: 'Migration20261124000060RouteThroughput', class: Migration20261124000060RouteThroughput },
  { name: 'Migration20261124001200RateLimits', class: Migration20261124001200RateLimits },
  { name: 'Migration20261124001300Verify', class: Migration20261124001300Verify },
  { name: 'Migration20261124001400Idempotency', class: Migration20261124001400Idempotency },
  { name: 'Migration20261124001500Subscriptions', class: Migration20261124001500Subscriptions },
  { name: 'Migration20261124001600Identity', class: Migration20261124001600Identity },
  { name: 'Migration20261124001700MailDomains', class: Migration20261124001700MailDomains },
  { name: 'Migration20261124001800MailKeys', class: Migration20261124001800MailKeys },
  { name: 'Migration20261124001810Emails', class: Migration20261124001810Emails },
  { name: 'Migration20261124001900AccountEmailVerified', class: Migration20261124001900AccountEmailVerified },
  { name: 'Migration20261125000500Suppressions', class: Migration20261125000500Suppressions },
  { name: 'Migration20261125000600SenderAddresses', class: Migration20261125000600SenderAddresses },
  { name: 'Migration20261125000700EmailEventTimes', class: Migration20261125000700EmailEventTimes },
];
