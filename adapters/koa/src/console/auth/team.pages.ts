import { isInvitableRole, ROLES, type Identity, type Role } from '@tuma/identity';
import { unwrap } from '../../http/unwrap.ts';
import { teamView } from '../../apis/auth/team-views.ts';
import { fieldRefusal, refusal } from '../form-errors.ts';
import { html, redirect, type ConsolePage, type MemberRequest } from '../page.ts';
import { teamPageView } from './team-views.ts';
import { href } from '../layout/view-context.ts';

export type TeamPageUseCases = Pick<Identity, 'listTeam' | 'inviteMember' | 'removeMember' | 'changeRole'>;

const MANAGERS: readonly Role[] = ['owner', 'admin'];
const isRole = (value: string): value is Role => (ROLES as readonly string[]).includes(value);

/**
 * Account › Team: the members and pending invitations (every member), invitations, role changes
 * and removals; who may do what (owners, the last owner, one's own role) stays in identity's use
 * cases, as on `/auth/v1/team`.
 */
export function teamPages(useCases: TeamPageUseCases): ConsolePage[] {
  const render = async (request: MemberRequest, status: number, extra: { values?: { email: string; role: string }; errors?: Parameters<typeof teamPageView>[2]['errors'] } = {}) => {
    const team = teamView(unwrap(await useCases.listTeam.execute(request.member)));
    return html(status, teamPageView(request.view, team, { manages: MANAGERS.includes(request.member.role), self: request.member.userId, ...extra }));
  };
  const refused = (request: MemberRequest, error: Parameters<typeof refusal>[0]) => {
    const { status, errors } = refusal(error);
    return render(request, status, { errors: { fields: {}, form: [errors.form, ...Object.values(errors.fields)].filter(Boolean).join(' ') } });
  };
  return [
    { method: 'get', path: '/team', visitor: 'member', section: 'team', handle: (request) => render(request, 200) },
    {
      method: 'post',
      path: '/team/invites',
      visitor: 'member',
      handle: async (request) => {
        const values = { email: (request.form.get('email') ?? '').trim(), role: request.form.get('role') ?? '' };
        if (!values.email) return render(request, 422, { values, errors: fieldRefusal('email', 'Enter an email address').errors });
        if (!isInvitableRole(values.role)) return render(request, 422, { values, errors: fieldRefusal('role', 'Choose admin, developer or viewer').errors });
        const invited = await useCases.inviteMember.execute(request.member, { email: values.email, role: values.role });
        if (invited.isErr()) {
          const { status, errors } = refusal(invited.error);
          return render(request, status, { values, errors });
        }
        request.session.flash({ kind: 'info', text: `Invitation mailed to ${invited.value.email}.` });
        return redirect(href(request.view, '/team'));
      },
    },
    {
      method: 'post',
      path: '/team/members/:user_id/role',
      visitor: 'member',
      handle: async (request) => {
        const role = request.form.get('role') ?? '';
        if (!isRole(role)) return render(request, 422, { errors: { fields: {}, form: 'Choose a role.' } });
        const changed = await useCases.changeRole.execute(request.member, request.params.user_id!, role);
        if (changed.isErr()) return refused(request, changed.error);
        request.session.flash({ kind: 'info', text: `Role changed to ${changed.value.role}.` });
        return redirect(href(request.view, '/team'));
      },
    },
    {
      method: 'post',
      path: '/team/members/:user_id/remove',
      visitor: 'member',
      handle: async (request) => {
        const removed = await useCases.removeMember.execute(request.member, request.params.user_id!);
        if (removed.isErr()) return refused(request, removed.error);
        if (request.params.user_id === request.member.userId) {
          request.session.signOut();
          request.session.flash({ kind: 'info', text: 'You left the team.' });
          return redirect(href(request.view, '/sign-in'));
        }
        request.session.flash({ kind: 'info', text: 'Member removed.' });
        return redirect(href(request.view, '/team'));
      },
    },
  ];
}
