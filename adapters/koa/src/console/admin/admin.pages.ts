import type { Account, IssueApiKey, ListApiKeys, RevokeApiKey } from '@tuma/accounts';
import { KEY_ENVIRONMENTS, type KeyEnvironment } from '@tuma/accounts';
import type { BalanceReports } from '@tuma/billing';
import type { Identity } from '@tuma/identity';
import type { GetAccountRateLimit, SetAccountRateLimit } from '@tuma/rate-limits';
import { HttpError } from '../../http/http-error.ts';
import { unwrap } from '../../http/unwrap.ts';
import { statsView } from '../../apis/admin/balances.routes.ts';
import { rateLimitBody, rateLimitView } from '../../apis/admin/rate-limits.routes.ts';
import { keyView } from '../../apis/sms/api-key-views.ts';
import { checkedBy, fieldRefusal, refusal } from '../form-errors.ts';
import { html, redirect, redirectShowingOnce, takeShownOnce, type ConsolePage, type OperatorPage, type OperatorRequest } from '../page.ts';
import type { FormErrors } from '../layout/form.ts';
import { operatorAccessView, operatorBalanceStatsView, operatorUsersView, type AccessValues } from './admin-views.ts';
import { href } from '../layout/view-context.ts';

export interface OperatorAdminUseCases extends Pick<Identity, 'searchUsers' | 'disableUser' | 'enableUser'> {
  readonly readAccount: (accountId: string) => Promise<Account | undefined>;
  readonly getAccountRateLimit: GetAccountRateLimit;
  readonly setAccountRateLimit: SetAccountRateLimit;
  readonly listApiKeys: ListApiKeys;
  readonly issueApiKey: IssueApiKey;
  readonly revokeApiKey: RevokeApiKey;
  readonly balanceReports: BalanceReports;
  readonly now: () => Date;
}

const USERS = 50;
const isEnvironment = (value: string): value is KeyEnvironment => (KEY_ENVIRONMENTS as readonly string[]).includes(value);

/**
 * Operator › Users (find, disable, enable: `/api/admin/users`), an account's rate limit and API keys
 * (`/api/admin/accounts/{id}/rate-limit`, `/keys`, `/api/admin/keys/{id}/revoke`) and Operator ›
 * Balance statistics (`/api/admin/balances/stats`): the operator API's use cases.
 */
export function operatorAdminPages(useCases: OperatorAdminUseCases): ConsolePage[] {
  const page = (method: 'get' | 'post', path: string, handle: OperatorPage['handle'], section?: OperatorPage['section']): OperatorPage => ({ method, path, visitor: 'operator', handle, ...(section ? { section } : {}) });
  const accountOf = async (request: OperatorRequest) => {
    const account = await useCases.readAccount(request.params.id!);
    if (!account || account.isAdmin) throw new HttpError(404, 'not_found', 'There is no such account.');
    return account;
  };
  const renderAccess = async (request: OperatorRequest, status: number, extra: { values?: AccessValues; errors?: { rateLimit?: FormErrors; key?: FormErrors }; issued?: { key: string; prefix: string } } = {}) => {
    const account = await accountOf(request);
    const limit = rateLimitView(unwrap(await useCases.getAccountRateLimit.execute({ accountId: account.id })));
    const keys = unwrap(await useCases.listApiKeys.execute({ accountId: account.id, kind: 'customer', includeRevoked: true })).map(keyView);
    return html(status, operatorAccessView(request.view, { account: { id: account.id, email: account.email }, limit, keys, ...extra }));
  };
  const back = (request: OperatorRequest, accountId: string) => redirect(href(request.view, `/operator/accounts/${encodeURIComponent(accountId)}/access`));
  return [
    page(
      'get',
      '/operator/users',
      async (request) => {
        const search = (request.query.get('search') ?? '').trim().slice(0, 254);
        const users = unwrap(await useCases.searchUsers.execute({ text: search, limit: USERS }));
        return html(200, operatorUsersView(request.view, { users, search }));
      },
      'operator-users',
    ),
    ...(['disable', 'enable'] as const).map((action) =>
      page('post', `/operator/users/:id/${action}`, async (request) => {
        const user = unwrap(await (action === 'disable' ? useCases.disableUser : useCases.enableUser).execute(request.params.id!));
        request.session.flash({ kind: 'info', text: action === 'disable' ? `${user.email} is disabled: every session of theirs has ended.` : `${user.email} may sign in again.` });
        return redirect(href(request.view, `/operator/users?search=${encodeURIComponent(request.form.get('search') ?? user.email)}`));
      }),
    ),
    page('get', '/operator/accounts/:id/access', (request) => {
      const issued = takeShownOnce(request);
      return renderAccess(request, 200, issued ? { issued: { key: issued.key!, prefix: issued.prefix! } } : {});
    }),
    page('post', '/operator/accounts/:id/rate-limit', async (request) => {
      const account = await accountOf(request);
      const values: AccessValues = { per_second: (request.form.get('per_second') ?? '').trim(), burst: (request.form.get('burst') ?? '').trim() };
      if (request.form.get('use_default') === 'on') {
        unwrap(await useCases.setAccountRateLimit.execute({ accountId: account.id, useDefault: true }));
        request.session.flash({ kind: 'info', text: 'The rate limit is the default again.' });
        return back(request, account.id);
      }
      const number = (text: string) => (/^-?\d+$/.test(text) ? Number(text) : text === '' ? undefined : Number.NaN);
      const checked = checkedBy(rateLimitBody, { per_second: number(values.per_second), ...(values.burst === '' ? {} : { burst: number(values.burst) }) });
      if (!checked.ok) return renderAccess(request, checked.status, { values, errors: { rateLimit: checked.errors } });
      const set = await useCases.setAccountRateLimit.execute({ accountId: account.id, perSecond: checked.value.per_second, burst: checked.value.burst });
      if (set.isErr()) return renderAccess(request, refusal(set.error).status, { values, errors: { rateLimit: refusal(set.error, { perSecond: 'per_second' }).errors } });
      request.session.flash({ kind: 'info', text: `Rate limit set: ${set.value.policy.perSecond} a second, bursts of ${set.value.policy.burst}.` });
      return back(request, account.id);
    }),
    page('post', '/operator/accounts/:id/keys', async (request) => {
      const account = await accountOf(request);
      const environment = request.form.get('environment') ?? '';
      const name = (request.form.get('name') ?? '').trim();
      if (!isEnvironment(environment)) return renderAccess(request, 422, { errors: { key: fieldRefusal('environment', 'Choose test or live').errors } });
      const issued = await useCases.issueApiKey.execute({ accountId: account.id, environment, ...(name ? { name } : {}) });
      if (issued.isErr()) return renderAccess(request, refusal(issued.error).status, { errors: { key: refusal(issued.error).errors } });
      return redirectShowingOnce(request, href(request.view, `/operator/accounts/${encodeURIComponent(account.id)}/access`), { key: issued.value.plaintext, prefix: issued.value.apiKey.prefix });
    }),
    page('post', '/operator/accounts/:id/keys/:key_id/revoke', async (request) => {
      const account = await accountOf(request);
      const revoked = await useCases.revokeApiKey.execute({ keyId: request.params.key_id!, accountId: account.id });
      if (revoked.isErr()) throw new HttpError(404, 'not_found', 'There is no such key of this account.');
      request.session.flash({ kind: 'info', text: `Key ${revoked.value.prefix}… is revoked.` });
      return back(request, account.id);
    }),
    page('get', '/operator/balances', async (request) => html(200, operatorBalanceStatsView(request.view, statsView(await useCases.balanceReports.stats(useCases.now())))), 'operator-balances'),
  ];
}
