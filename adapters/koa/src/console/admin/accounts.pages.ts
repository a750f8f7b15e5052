import { randomUUID } from 'node:crypto';
import type { Account, SetAccountStatus } from '@tuma/accounts';
import type { AdjustBalance, BalanceReports, WalletLedger } from '@tuma/billing';
import { HttpError } from '../../http/http-error.ts';
import { unwrap } from '../../http/unwrap.ts';
import { manualAdjustmentBody } from '../../apis/admin/balances.routes.ts';
import { balanceView, transactionView } from '../../apis/billing/balance-views.ts';
import { checkedBy, refusal } from '../form-errors.ts';
import { html, redirect, type ConsolePage, type OperatorPage, type OperatorRequest } from '../page.ts';
import type { FormErrors } from '../layout/form.ts';
import { operatorAccountsView, operatorAccountView, type AdjustmentValues } from './operator-views.ts';
import { href } from '../layout/view-context.ts';

export interface OperatorAccountUseCases {
  readonly readAccount: (accountId: string) => Promise<Account | undefined>;
  readonly setAccountStatus: SetAccountStatus;
  readonly balanceReports: BalanceReports;
  readonly adjustBalance: AdjustBalance;
  readonly walletLedger: WalletLedger;
}

const PAGE_SIZE = 25;
const LEDGER_SIZE = 25;

/** Operator › Accounts: every customer account searched, suspended and reactivated, its wallet credited or debited and its ledger read; the operator API's use cases. */
export function operatorAccountPages(useCases: OperatorAccountUseCases): ConsolePage[] {
  const accountOf = async (request: OperatorRequest) => {
    const account = await useCases.readAccount(request.params.id!);
    if (!account || account.isAdmin) throw new HttpError(404, 'not_found', 'There is no such account.');
    return account;
  };
  const fresh = (): AdjustmentValues => ({ direction: 'credit', amount: '', reason: '', reference: `console-${randomUUID()}` });
  const renderAccount = async (request: OperatorRequest, status: number, values: AdjustmentValues = fresh(), errors?: FormErrors) => {
    const account = await accountOf(request);
    const wallet = unwrap(await useCases.walletLedger.balance(account.id));
    const ledger = wallet ? unwrap(await useCases.walletLedger.transactions({ accountId: account.id, page: 0, limit: LEDGER_SIZE })).entries.map(transactionView) : [];
    const snapshot = { id: account.id, email: account.email, status: account.status, emailVerified: account.isEmailVerified, createdAt: account.toSnapshot().createdAt };
    return html(status, operatorAccountView(request.view, { account: snapshot, balance: wallet ? balanceView(wallet, account.walletCurrency) : undefined, ledger, values, ...(errors ? { errors } : {}) }));
  };
  const page = (method: 'get' | 'post', path: string, handle: OperatorPage['handle'], section?: OperatorPage['section']): OperatorPage => ({ method, path, visitor: 'operator', handle, ...(section ? { section } : {}) });
  return [
    page(
      'get',
      '/operator/accounts',
      async (request) => {
        const search = (request.query.get('search') ?? '').trim().slice(0, 254);
        const number = Math.max(0, Math.min(10_000, Number.parseInt(request.query.get('page') ?? '0', 10) || 0));
        const { rows, total } = await useCases.balanceReports.list({ page: number, limit: PAGE_SIZE, search });
        const accounts = rows.map((row) => ({ account_id: row.accountId, email: row.email, status: row.status, currency: row.currency, balance: row.balance?.toNumber() ?? null }));
        return html(200, operatorAccountsView(request.view, { accounts, total, search, page: number, pages: Math.ceil(total / PAGE_SIZE) }));
      },
      'operator-accounts',
    ),
    page('get', '/operator/accounts/:id', (request) => renderAccount(request, 200)),
    ...(['suspend', 'unsuspend'] as const).map((action) =>
      page('post', `/operator/accounts/:id/${action}`, async (request) => {
        const account = await accountOf(request);
        unwrap(await useCases.setAccountStatus.execute({ accountId: account.id, status: action === 'suspend' ? 'suspended' : 'active' }));
        request.session.flash({ kind: 'info', text: action === 'suspend' ? `${account.email} is suspended: its keys are refused.` : `${account.email} is active again.` });
        return redirect(href(request.view, `/operator/accounts/${encodeURIComponent(account.id)}`));
      }),
    ),
    page('post', '/operator/accounts/:id/adjust', async (request) => {
      const account = await accountOf(request);
      const values: AdjustmentValues = {
        direction: request.form.get('direction') === 'debit' ? 'debit' : 'credit',
        amount: (request.form.get('amount') ?? '').trim(),
        reason: (request.form.get('reason') ?? '').trim(),
        reference: request.form.get('reference') ?? '',
      };
      const checked = checkedBy(manualAdjustmentBody, { amount: values.amount, reason: values.reason, reference: values.reference });
      if (!checked.ok) return renderAccount(request, checked.status, values, checked.errors);
      const adjusted = await useCases.adjustBalance.execute({ accountId: account.id, direction: values.direction as 'credit' | 'debit', ...checked.value });
      if (adjusted.isErr()) {
        const { status, errors } = refusal(adjusted.error);
        return renderAccount(request, status, values, errors);
      }
      const { entry, wallet } = adjusted.value;
      request.session.flash({ kind: 'info', text: `${values.direction === 'credit' ? 'Credited' : 'Debited'} ${Math.abs(entry.amount.toNumber()).toFixed(2)} ${wallet.currency}: the balance is ${entry.balanceAfter.toNumber().toFixed(2)} ${wallet.currency}.` });
      return redirect(href(request.view, `/operator/accounts/${encodeURIComponent(account.id)}`));
    }),
  ];
}
