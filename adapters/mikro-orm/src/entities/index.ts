import { AccountRecord } from './account.entity.ts';
import { ApiKeyRecord } from './api-key.entity.ts';
import { MarketRecord } from './market.entity.ts';
import { RouteRecord } from './route.entity.ts';
import { SenderIdFeeRecord } from './sender-id-fee.entity.ts';
import { FxRateRecord } from './fx-rate.entity.ts';
import { WalletRecord } from './wallet.entity.ts';
import { LedgerEntryRecord } from './ledger-entry.entity.ts';
import { ReservationRecord } from './reservation.entity.ts';
import { TopUpRecord } from './top-up.entity.ts';
import { OptOutRecord } from './opt-out.entity.ts';
import { MessageTemplateRecord } from './message-template.entity.ts';
import { SenderIdRecord } from './sender-id.entity.ts';
import { SenderIdHoldRecord } from './sender-id-hold.entity.ts';
import { ContactListRecord } from './contact-list.entity.ts';
import { ContactRecord } from './contact.entity.ts';

export const ENTITIES = [AccountRecord, ApiKeyRecord, MarketRecord, RouteRecord, SenderIdFeeRecord, FxRateRecord, WalletRecord, LedgerEntryRecord, ReservationRecord, TopUpRecord, OptOutRecord, MessageTemplateRecord, SenderIdRecord, SenderIdHoldRecord, ContactListRecord, ContactRecord];
export { AccountRecord, ApiKeyRecord, MarketRecord, RouteRecord, SenderIdFeeRecord, FxRateRecord, WalletRecord, LedgerEntryRecord, ReservationRecord, TopUpRecord, OptOutRecord, MessageTemplateRecord, SenderIdRecord, SenderIdHoldRecord, ContactListRecord, ContactRecord };
