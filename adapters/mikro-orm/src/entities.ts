import { AccountRecord } from './accounts/account.entity.ts';
import { ApiKeyRecord } from './accounts/api-key.entity.ts';
import { FxRateRecord } from './billing/fx-rate.entity.ts';
import { WalletRecord } from './billing/wallet.entity.ts';
import { LedgerEntryRecord } from './billing/ledger-entry.entity.ts';
import { ReservationRecord } from './billing/reservation.entity.ts';
import { TopUpRecord } from './billing/top-up.entity.ts';

export const ENTITIES = [AccountRecord, ApiKeyRecord, FxRateRecord, WalletRecord, LedgerEntryRecord, ReservationRecord, TopUpRecord];
export { AccountRecord, ApiKeyRecord, FxRateRecord, WalletRecord, LedgerEntryRecord, ReservationRecord, TopUpRecord };
