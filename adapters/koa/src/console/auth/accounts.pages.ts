import type { Identity } from '@tuma/identity';
import { HttpError } from '../../http/http-error.ts';
import { unwrap } from '../../http/unwrap.ts';
import type { ReadAccount } from '../member-account.ts';
import { html, redirect, type ConsolePage } from '../page.ts';
import { accountsView } from './account-views.ts';
import { href } from '../layout/view-context.ts';

export type AccountPageUseCases = Pick<Identity, 'readMe' | 'switchAccount' | 'logoutAll'> & { readonly readAccount: ReadAccount };

/**
 * Account › Accounts and sessions: the accounts the user belongs to (identity's `ReadMe`
 * memberships, as `GET /auth/v1/me`), a switch to another (identity's `SwitchAccount`: a new
 * session on it, the old one ended), and "sign out everywhere" (`LogoutAll`, as `POST /logout-all`).
 */
export function accountPages(useCases: AccountPageUseCases): ConsolePage[] {
  return [
    {
      method: 'get',
      path: '/accounts',
      visitor: 'member',
      section: 'accounts',
      handle: async (request) => {
        const me = unwrap(await useCases.readMe.execute({ userId: request.member.userId, accountId: request.member.accountId }));
        const accounts = await Promise.all(
          me.memberships.map(async (membership) => ({ ...membership, email: (await useCases.readAccount(membership.accountId))?.email ?? null, current: membership.accountId === request.member.accountId })),
        );
        return html(200, accountsView(request.view, accounts));
      },
    },
    {
      method: 'post',
      path: '/accounts/switch',
      visitor: 'member',
      handle: async (request) => {
        const accountId = (request.form.get('account_id') ?? '').trim();
        if (accountId === request.member.accountId) return redirect(href(request.view, '/'));
        const switched = await useCases.switchAccount.execute({ userId: request.member.userId, sessionId: request.member.sessionId, accountId });
        if (switched.isErr()) {
          if (switched.error.type === 'not_found') throw new HttpError(404, 'not_found', 'You are not a member of that account.');
          unwrap(switched);
          throw new Error('unreachable');
        }
        const issued = switched.value;
        request.session.switchAccount(issued, { userId: request.member.userId, accountId: issued.accountId, role: issued.role, sessionId: issued.sessionId });
        const account = await useCases.readAccount(issued.accountId);
        request.session.flash({ kind: 'info', text: `You are now working in ${account?.email ?? issued.accountId}'s account, as ${issued.role}.` });
        return redirect(href(request.view, '/'));
      },
    },
    {
      method: 'post',
      path: '/accounts/sign-out-everywhere',
      visitor: 'member',
      handle: async (request) => {
        const ended = unwrap(await useCases.logoutAll.execute(request.member.userId));
        request.session.signOut();
        request.session.flash({ kind: 'info', text: `Signed out everywhere (${ended} session${ended === 1 ? '' : 's'} ended).` });
        return redirect(href(request.view, '/sign-in'));
      },
    },
  ];
}
