import type { Account } from '@tuma/accounts';
import type { StartTopUp, WalletLedger } from '@tuma/billing';
import { unwrap } from '../../http/unwrap.ts';
import { balanceView, transactionView } from '../../apis/billing/balance-views.ts';
import { fieldRefusal, refusal } from '../form-errors.ts';
import { memberAccount } from '../member-account.ts';
import { BUILDERS, download, html, type ConsolePage, type MemberRequest } from '../page.ts';
import { billingView, toCheckoutView, type BillingPage } from './billing-views.ts';
import { csv } from '../layout/csv.ts';

export interface BillingPageUseCases {
  readonly walletLedger: WalletLedger;
  readonly startTopUp: StartTopUp;
  readonly readAccount: (accountId: string) => Promise<Account | undefined>;
}

const PAGE_SIZE = 25;
/** The ledger's largest page: the export reads it page by page. */
const EXPORT_PAGE = 100;

/** Billing: the balance, a top-up through the configured provider's checkout, the ledger with its running balance and its CSV export. */
export function billingPages(useCases: BillingPageUseCases): ConsolePage[] {
  const accountOf = (request: MemberRequest) => memberAccount(useCases.readAccount, request);
  const render = async (request: MemberRequest, status: number, extra: Partial<BillingPage> = {}) => {
    const account = await accountOf(request);
    const page = Math.max(0, Math.min(10_000, Number.parseInt(request.query.get('page') ?? '0', 10) || 0));
    const ledger = unwrap(await useCases.walletLedger.transactions({ accountId: account.id, page, limit: PAGE_SIZE }));
    const balance = balanceView(unwrap(await useCases.walletLedger.balance(account.id)), account.walletCurrency);
    const view: BillingPage = { balance, entries: ledger.entries.map(transactionView), page, pages: Math.ceil(ledger.total / PAGE_SIZE), canTopUp: BUILDERS.includes(request.member.role), ...extra };
    return html(status, billingView(request.view, view));
  };
  return [
    { method: 'get', path: '/billing', visitor: 'member', section: 'billing', handle: (request) => render(request, 200) },
    {
      method: 'post',
      path: '/billing/top-up',
      visitor: 'member',
      roles: BUILDERS,
      handle: async (request) => {
        const amount = (request.form.get('amount') ?? '').trim();
        if (!amount) return render(request, 422, { amount, errors: fieldRefusal('amount', 'Enter an amount').errors });
        const account = await accountOf(request);
        const started = await useCases.startTopUp.execute({ accountId: account.id, accountEmail: account.email, environment: 'live', walletCurrency: account.walletCurrency, amount });
        if (started.isErr()) {
          const { status, errors } = refusal(started.error);
          return render(request, status, { amount, errors });
        }
        return html(200, toCheckoutView(request.view, started.value.checkoutUrl));
      },
    },
    {
      method: 'get',
      path: '/billing/ledger.csv',
      visitor: 'member',
      handle: async (request) => {
        const account = await accountOf(request);
        const rows: (string | number | null)[][] = [];
        for (let page = 0; ; page++) {
          const found = unwrap(await useCases.walletLedger.transactions({ accountId: account.id, page, limit: EXPORT_PAGE }));
          for (const entry of found.entries.map(transactionView)) {
            rows.push([entry.created_at, entry.id, entry.kind, entry.reason, entry.reference, entry.amount.toFixed(6), entry.currency, entry.balance_after.toFixed(6)]);
          }
          if ((page + 1) * EXPORT_PAGE >= found.total || found.entries.length === 0) break;
        }
        const body = csv(['created_at', 'id', 'kind', 'reason', 'reference', 'amount', 'currency', 'balance_after'], rows);
        return download(`tuma-ledger-${account.id}.csv`, 'text/csv; charset=utf-8', body);
      },
    },
  ];
}
