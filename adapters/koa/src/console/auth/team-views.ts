import { INVITABLE_ROLES, ROLES } from '@tuma/identity';
import { escapeHtml as e } from '../../http/html.ts';
import type { teamView } from '../../apis/auth/team-views.ts';
import { buttonForm, choices, field, form, NO_ERRORS, type FormErrors } from '../layout/form.ts';
import { badge, time } from '../layout/format.ts';
import { consolePage, csrfField } from '../layout/layout.ts';
import { table } from '../layout/table.ts';
import { href, type ViewContext } from '../layout/view-context.ts';

export type TeamRows = ReturnType<typeof teamView>;
type MemberRow = TeamRows['members'][number];

/** A member's role as a small form: the select is labelled with the member's address. */
const roleForm = (view: ViewContext, member: MemberRow) => `<form class="inline" method="post" action="${href(view, `/team/members/${encodeURIComponent(member.user_id)}/role`)}">${csrfField(view)}
<label class="visually-hidden" for="role-${e(member.user_id)}">Role of ${e(member.email)}</label>
<select id="role-${e(member.user_id)}" name="role">${ROLES.map((role) => `<option value="${role}"${role === member.role ? ' selected' : ''}>${role}</option>`).join('')}</select>
<button type="submit" class="secondary" aria-label="Change the role of ${e(member.email)}">Change</button></form>`;

export function teamPageView(view: ViewContext, team: TeamRows, options: { manages: boolean; self: string; values?: { email: string; role: string }; errors?: FormErrors }): string {
  const errors = options.errors ?? NO_ERRORS;
  const members = table(
    'Members, oldest first',
    [
      { header: 'Member', cell: (member) => `${e(member.email)}${member.name ? `<br><span class="muted">${e(member.name)}</span>` : ''}` },
      { header: 'Role', cell: (member) => (options.manages && member.user_id !== options.self ? roleForm(view, member) : badge(member.role)) },
      { header: 'Joined', cell: (member) => time(member.joined_at) },
      {
        header: 'Action',
        cell: (member) =>
          member.user_id === options.self
            ? buttonForm(view, href(view, `/team/members/${encodeURIComponent(member.user_id)}/remove`), 'Leave the team', { danger: true })
            : options.manages
              ? buttonForm(view, href(view, `/team/members/${encodeURIComponent(member.user_id)}/remove`), 'Remove', { danger: true, accessibleName: `Remove ${member.email}` })
              : '',
      },
    ],
    team.members,
    'No members.',
  );
  const invites = table(
    'Pending invitations',
    [
      { header: 'Address', cell: (invite) => e(invite.email) },
      { header: 'Role', cell: (invite) => badge(invite.role) },
      { header: 'Expires', cell: (invite) => time(invite.expires_at) },
    ],
    team.invites,
    'No pending invitations.',
  );
  const invite = options.manages
    ? `<section class="card" aria-labelledby="invite-title"><h2 id="invite-title">Invite someone</h2>
${form(
  view,
  href(view, '/team/invites'),
  [
    field({ name: 'email', label: 'Email', type: 'email', value: options.values?.email, required: true, hint: 'We mail them a link that works for 7 days.' }, errors),
    choices({ name: 'role', legend: 'Role', type: 'radio', options: INVITABLE_ROLES.map((role) => ({ value: role, label: role, checked: (options.values?.role ?? 'developer') === role })) }, errors),
  ].join('\n'),
  'Send invitation',
  errors,
)}
</section>`
    : '';
  return consolePage(view, 'Team', 'team', `<section class="card">${members}</section>\n<section class="card">${invites}</section>\n${invite}`);
}
