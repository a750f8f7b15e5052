import { token } from '@tuma/kernel';
import type { SendMessage } from '@tuma/messaging';
import type { TwoWayPriceTable } from './application/pricing/two-way-price-table.port.ts';
import type { ShortCodeInventory } from './application/short-codes/short-code-inventory.port.ts';
import type { TwoWayServiceRepository } from './application/services/two-way-service.repository.port.ts';
import type { AccountSmsPrices } from './application/account-prices/account-sms-prices.port.ts';
import type { InboundMailer } from './application/inbound/inbound-mailer.port.ts';
import type { TwoWayMessageLog } from './application/messages/two-way-message-log.port.ts';
import type { WebhookUrlPolicy } from './application/services/webhook-url-policy.port.ts';
import type { TwoWay } from './create-two-way.ts';

export const TWO_WAY_TOKENS = {
  /** Every two-way use case (`createTwoWay`). */
  twoWay: token<TwoWay>('two-way.TwoWay'),
  services: token<TwoWayServiceRepository>('two-way.TwoWayServiceRepository'),
  priceTable: token<TwoWayPriceTable>('two-way.TwoWayPriceTable'),
  inventory: token<ShortCodeInventory>('two-way.ShortCodeInventory'),
  webhookUrls: token<WebhookUrlPolicy>('two-way.WebhookUrlPolicy'),
  messageLog: token<TwoWayMessageLog>('two-way.TwoWayMessageLog'),
  mailer: token<InboundMailer>('two-way.InboundMailer'),
  accountPrices: token<AccountSmsPrices>('two-way.AccountSmsPrices'),
  /** Messaging's sending path, as replies use it. */
  sendMessage: token<Pick<SendMessage, 'execute'>>('two-way.SendMessage'),
};
