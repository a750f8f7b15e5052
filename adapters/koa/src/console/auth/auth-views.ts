import { escapeHtml as e } from '../../http/html.ts';
import { authPage } from '../layout/layout.ts';
import { field, form, NO_ERRORS, type FormErrors } from '../layout/form.ts';
import { href, type ViewContext } from '../layout/view-context.ts';

const PASSWORD_HINT = '10 to 128 characters; not a commonly used password, nor your email address.';
const hidden = (name: string, value: string) => `<input type="hidden" name="${e(name)}" value="${e(value)}">`;

export function signInView(view: ViewContext, values: { email?: string; next?: string }, errors: FormErrors = NO_ERRORS): string {
  const body = [
    values.next ? hidden('next', values.next) : '',
    field({ name: 'email', label: 'Email', type: 'email', value: values.email, autocomplete: 'username', required: true }, errors),
    field({ name: 'password', label: 'Password', type: 'password', autocomplete: 'current-password', required: true }, errors),
  ].join('\n');
  return authPage(
    view,
    'Sign in',
    `${form(view, href(view, '/sign-in'), body, 'Sign in', errors)}
<p><a href="${href(view, '/forgot-password')}">Forgot your password?</a> · <a href="${href(view, '/sign-up')}">Create an account</a></p>`,
  );
}

export function signUpView(view: ViewContext, values: { email?: string; name?: string; company?: string }, errors: FormErrors = NO_ERRORS): string {
  const body = [
    field({ name: 'email', label: 'Email', type: 'email', value: values.email, autocomplete: 'email', required: true }, errors),
    field({ name: 'password', label: 'Password', type: 'password', autocomplete: 'new-password', required: true, hint: PASSWORD_HINT }, errors),
    field({ name: 'name', label: 'Your name (optional)', value: values.name, autocomplete: 'name' }, errors),
    field({ name: 'company', label: 'Company (optional)', value: values.company, autocomplete: 'organization' }, errors),
  ].join('\n');
  return authPage(view, 'Create your Tuma account', `${form(view, href(view, '/sign-up'), body, 'Create account', errors)}
<p>Already have one? <a href="${href(view, '/sign-in')}">Sign in</a></p>`);
}

/** After a registration (a known address gets the same page: docs/accounts.md, "Enumeration"). */
export function checkYourEmailView(view: ViewContext, email: string): string {
  return authPage(
    view,
    'Check your email',
    `<p id="check-email">We sent a verification link to <strong>${e(email)}</strong>. It works for 24 hours, once.</p>
<p>You can sign in meanwhile: test keys work at once; live traffic waits for the verification.</p>
${form(view, href(view, '/verify-email/resend'), hidden('email', email), 'Send the link again')}
<p><a href="${href(view, '/sign-in')}">Sign in</a></p>`,
  );
}

/** The mailed link's page: a button posts the token (a link opened by a mail scanner verifies nothing). */
export function verifyEmailView(view: ViewContext, token: string, errors: FormErrors = NO_ERRORS): string {
  return authPage(view, 'Verify your email', form(view, href(view, '/verify-email'), hidden('token', token), 'Verify my email address', errors));
}

export function emailVerifiedView(view: ViewContext, email: string, signedIn: boolean): string {
  return authPage(
    view,
    'Email verified',
    `<p id="verified"><strong>${e(email)}</strong> is verified: live keys and live traffic are open to your account.</p>
<p><a class="button" href="${href(view, signedIn ? '/' : '/sign-in')}">${signedIn ? 'Go to the console' : 'Sign in'}</a></p>`,
  );
}

export function forgotPasswordView(view: ViewContext, values: { email?: string }, errors: FormErrors = NO_ERRORS): string {
  const body = field({ name: 'email', label: 'Email', type: 'email', value: values.email, autocomplete: 'email', required: true }, errors);
  return authPage(view, 'Reset your password', `<p>We mail a link that works for one hour.</p>
${form(view, href(view, '/forgot-password'), body, 'Mail me a reset link', errors)}
<p><a href="${href(view, '/sign-in')}">Back to sign in</a></p>`);
}

/** Whatever the address: the same answer (docs/accounts.md, "Enumeration"). */
export const linkMailedView = (view: ViewContext, text: string): string =>
  authPage(view, 'Check your email', `<p id="mailed">${e(text)}</p>\n<p><a href="${href(view, '/sign-in')}">Back to sign in</a></p>`);

export function resetPasswordView(view: ViewContext, token: string, errors: FormErrors = NO_ERRORS): string {
  const body = [hidden('token', token), field({ name: 'password', label: 'New password', type: 'password', autocomplete: 'new-password', required: true, hint: PASSWORD_HINT }, errors)].join('\n');
  return authPage(view, 'Choose a new password', `<p>Every session of yours ends: sign in again afterwards.</p>\n${form(view, href(view, '/reset-password'), body, 'Change password', errors)}`);
}

export function acceptInviteView(view: ViewContext, values: { token: string; name?: string }, errors: FormErrors = NO_ERRORS): string {
  const body = [
    hidden('token', values.token),
    field({ name: 'name', label: 'Your name (optional)', value: values.name, autocomplete: 'name' }, errors),
    field(
      { name: 'password', label: 'Password', type: 'password', autocomplete: 'new-password', hint: `New to Tuma? Choose one (${PASSWORD_HINT.toLowerCase()}) Already a user? Leave it empty.` },
      errors,
    ),
  ].join('\n');
  return authPage(view, 'Join the team', form(view, href(view, '/accept-invite'), body, 'Accept the invitation', errors));
}
