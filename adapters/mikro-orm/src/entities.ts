import { MarketRecord } from './messaging/market.entity.ts';
import { RouteRecord } from './messaging/route.entity.ts';
import { SenderIdFeeRecord } from './messaging/sender-id-fee.entity.ts';
import { OptOutRecord } from './messaging/opt-out.entity.ts';
import { MessageTemplateRecord } from './messaging/message-template.entity.ts';
import { SenderIdRecord } from './messaging/sender-id.entity.ts';
import { SenderIdHoldRecord } from './messaging/sender-id-hold.entity.ts';
import { ContactListRecord } from './messaging/contact-list.entity.ts';
import { ContactRecord } from './messaging/contact.entity.ts';

export const ENTITIES = [MarketRecord, RouteRecord, SenderIdFeeRecord, OptOutRecord, MessageTemplateRecord, SenderIdRecord, SenderIdHoldRecord, ContactListRecord, ContactRecord];
export { MarketRecord, RouteRecord, SenderIdFeeRecord, OptOutRecord, MessageTemplateRecord, SenderIdRecord, SenderIdHoldRecord, ContactListRecord, ContactRecord };
