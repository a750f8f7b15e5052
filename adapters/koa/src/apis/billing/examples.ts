import type { ExamplesByOperation } from '../../http/operation-examples.ts';

/** Duka Online's KES wallet on 10 March 2026, topped up through the hosted checkout the day before. */
export const WALLET_BALANCE = { currency: 'KES', balance: 48210.4, reserved: 0, available: 48210.4, updated_at: '2026-03-10T09:05:44.310Z' };
const TOP_UP_ID = 'top_01KK9PCVJJ6C2D79YE3KFB468E';

interface LedgerEntryExample {
  readonly id: string;
  readonly kind: string;
  readonly amount: number;
  readonly balanceAfter: number;
  readonly reason: string;
  readonly reference: string;
  /** What it paid for, when it paid for something. */
  readonly related?: { readonly type: string; readonly id: string };
  readonly at: string;
}

/** An entry of a KES wallet's ledger as the API shows it. */
export const ledgerEntry = (entry: LedgerEntryExample) => ({
  id: entry.id,
  kind: entry.kind,
  amount: entry.amount,
  currency: 'KES',
  balance_after: entry.balanceAfter,
  reason: entry.reason,
  reference: entry.reference,
  related_type: entry.related?.type ?? null,
  related_id: entry.related?.id ?? null,
  refund_of: null,
  reverses: null,
  created_at: entry.at,
});
const BATCH = { type: 'batch', id: 'bat_01KKBK0TEPBNCH86Y0Q441ZFWB' };
const MESSAGE = { type: 'message', id: 'msg_01KKBHA8M18YAJV6WC59HEV4ZP' };

export const BILLING_EXAMPLES = {
  getBalance: { response: WALLET_BALANCE },
  listBalanceTransactions: {
    response: {
      transactions: [
        ledgerEntry({ id: 'txn_01KKBK0TEPWQ0Q2YK5323J3ZXP', kind: 'debit', amount: -2.4, balanceAfter: 48207.2, reason: `Bulk SMS ${BATCH.id}: 3 recipients, 3 segments`, reference: `batch:${BATCH.id}`, related: BATCH, at: '2026-03-10T10:00:00.214Z' }),
        ledgerEntry({ id: 'txn_01KKBHA8M1WVVFFC7J9YP3G5MN', kind: 'debit', amount: -0.8, balanceAfter: 48209.6, reason: 'SMS to +254712345678 (1 segment)', reference: `msg:${MESSAGE.id}`, related: MESSAGE, at: '2026-03-10T09:30:12.481Z' }),
        ledgerEntry({ id: 'txn_01KK9PDWEYPMAE690R7N7WTPFC', kind: 'credit', amount: 2500, balanceAfter: 48211.2, reason: 'Wallet top-up', reference: `topup:${TOP_UP_ID}`, related: { type: 'top_up', id: TOP_UP_ID }, at: '2026-03-09T16:21:05.118Z' }),
      ],
      total: 1316,
      page: 0,
      limit: 3,
    },
  },
  startTopUp: {
    request: { amount: 2500, currency: 'KES' },
    response: {
      top_up_id: 'top_01KKBZM6MY7A3YESM6YG0EKS7Q',
      checkout_url: 'https://api.tu.ma/checkout/hcs_CbF2x8kEUicA8TzPgW5XuDJXHVEgiKQx',
      amount: 2500,
      currency: 'KES',
      status: 'pending',
      provider: 'hosted',
      created_at: '2026-03-10T13:40:18.206Z',
    },
  },
  receiveHostedCheckoutWebhook: {
    response: { received: true, event_id: 'hcs_7RmQx2LwPz9Kd4TfVb8NcYe3JhUa6GsE.checkout.completed', outcome: 'credited', top_up_id: TOP_UP_ID },
  },
} satisfies ExamplesByOperation;
