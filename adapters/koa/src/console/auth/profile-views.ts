import { escapeHtml as e } from '../../http/html.ts';
import { field, form, NO_ERRORS, type FormErrors } from '../layout/form.ts';
import { consolePage } from '../layout/layout.ts';
import { href, type ViewContext } from '../layout/view-context.ts';

export interface ProfileValues {
  readonly name: string;
  readonly company: string;
}

/** The user's name and company, and a password change (which ends every other session of theirs). */
export function profileView(view: ViewContext, values: ProfileValues, errors: { profile?: FormErrors; password?: FormErrors } = {}): string {
  const profile = form(
    view,
    href(view, '/account/profile'),
    [field({ name: 'name', label: 'Name', value: values.name, autocomplete: 'name' }, errors.profile ?? NO_ERRORS), field({ name: 'company', label: 'Company', value: values.company, autocomplete: 'organization' }, errors.profile ?? NO_ERRORS)].join('\n'),
    'Save profile',
    errors.profile ?? NO_ERRORS,
  );
  const password = form(
    view,
    href(view, '/account/password'),
    [
      field({ name: 'current_password', label: 'Current password', type: 'password', autocomplete: 'current-password', required: true }, errors.password ?? NO_ERRORS),
      field({ name: 'new_password', label: 'New password', type: 'password', autocomplete: 'new-password', required: true, hint: '10 to 128 characters; not a commonly used password, nor your email address. Your other sessions end.' }, errors.password ?? NO_ERRORS),
    ].join('\n'),
    'Change password',
    errors.password ?? NO_ERRORS,
  );
  return consolePage(
    view,
    'Profile and password',
    'profile',
    `<section class="card" aria-labelledby="profile-title"><h2 id="profile-title">Profile</h2>
<p>Email: <strong>${e(view.user?.email ?? '')}</strong></p>
${profile}
</section>
<section class="card" aria-labelledby="password-title"><h2 id="password-title">Password</h2>
${password}
</section>`,
  );
}
