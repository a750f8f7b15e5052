import type { Identity } from '@tuma/identity';
import { unwrap } from '../../http/unwrap.ts';
import { refusal } from '../form-errors.ts';
import { html, redirect, type ConsolePage, type MemberRequest } from '../page.ts';
import { profileView } from './profile-views.ts';
import { href } from '../layout/view-context.ts';

export type ProfilePageUseCases = Pick<Identity, 'readMe' | 'updateProfile' | 'changePassword'>;

/** Account › Profile and password: identity's `ReadMe`, `UpdateProfile` and `ChangePassword` (`/auth/v1/me`, `/password/change`). */
export function profilePages(useCases: ProfilePageUseCases): ConsolePage[] {
  const current = async (request: MemberRequest) => {
    const { user } = unwrap(await useCases.readMe.execute({ userId: request.member.userId, accountId: request.member.accountId }));
    return { name: user.name ?? '', company: user.company ?? '' };
  };
  return [
    { method: 'get', path: '/account', visitor: 'member', section: 'profile', handle: async (request) => html(200, profileView(request.view, await current(request))) },
    {
      method: 'post',
      path: '/account/profile',
      visitor: 'member',
      handle: async (request) => {
        const values = { name: request.form.get('name') ?? '', company: request.form.get('company') ?? '' };
        const updated = await useCases.updateProfile.execute(request.member.userId, { name: values.name.trim() || null, company: values.company.trim() || null });
        if (updated.isErr()) {
          const { status, errors } = refusal(updated.error);
          return html(status, profileView(request.view, values, { profile: errors }));
        }
        request.session.flash({ kind: 'info', text: 'Profile saved.' });
        return redirect(href(request.view, '/account'));
      },
    },
    {
      method: 'post',
      path: '/account/password',
      visitor: 'member',
      handle: async (request) => {
        const changed = await useCases.changePassword.execute({
          userId: request.member.userId,
          sessionId: request.member.sessionId,
          currentPassword: request.form.get('current_password') ?? '',
          newPassword: request.form.get('new_password') ?? '',
        });
        if (changed.isErr()) {
          const { status, errors } = refusal(changed.error);
          return html(status, profileView(request.view, await current(request), { password: errors }));
        }
        request.session.flash({ kind: 'info', text: 'Password changed: your other sessions are signed out.' });
        return redirect(href(request.view, '/account'));
      },
    },
  ];
}
