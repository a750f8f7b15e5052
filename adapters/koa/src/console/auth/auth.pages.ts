import type { Identity } from '@tuma/identity';
import { clientAddress } from '../../http/rate-limit.ts';
import { fieldRefusal, refusal } from '../form-errors.ts';
import { html, redirect, type ConsolePage, type PageRequest } from '../page.ts';
import { href } from '../layout/view-context.ts';
import {
  acceptInviteView,
  checkYourEmailView,
  emailVerifiedView,
  forgotPasswordView,
  linkMailedView,
  resetPasswordView,
  signInView,
  signUpView,
  verifyEmailView,
} from './auth-views.ts';

export type AuthPageUseCases = Pick<
  Identity,
  'registerUser' | 'verifyEmail' | 'resendVerification' | 'login' | 'logout' | 'forgotPassword' | 'resetPassword' | 'acceptInvite'
>;

const text = (request: PageRequest, name: string): string => (request.form.get(name) ?? '').trim();
const optional = (value: string): string | undefined => (value === '' ? undefined : value);

/** Where a sign-in goes next: a console page only (never another site, never `//host`). */
function nextPage(request: PageRequest, wanted: string | undefined | null): string {
  const base = request.view.base;
  return wanted && wanted.startsWith(`${base}/`) && !wanted.startsWith('//') && !wanted.includes('\\') ? wanted : href(request.view, '/');
}

/** Sign up, verify the email, sign in and out, reset a password, accept an invitation: the account service's use cases (docs/accounts.md). */
export function authPages(useCases: AuthPageUseCases, options: { readonly trustedProxyHops: number }): ConsolePage[] {
  return [
    { method: 'get', path: '/sign-in', visitor: 'signed-out', handle: async (request) => html(200, signInView(request.view, { next: request.query.get('next') ?? undefined })) },
    {
      method: 'post',
      path: '/sign-in',
      visitor: 'signed-out',
      handle: async (request) => {
        const email = text(request, 'email');
        const password = request.form.get('password') ?? '';
        const next = optional(text(request, 'next'));
        if (!email) return html(422, signInView(request.view, { email, next }, fieldRefusal('email', 'Enter your email address').errors));
        if (!password) return html(422, signInView(request.view, { email, next }, fieldRefusal('password', 'Enter your password').errors));
        const loggedIn = await useCases.login.execute({ email, password, ip: clientAddress(request.koa, options.trustedProxyHops) });
        if (loggedIn.isErr()) {
          const { status, errors } = refusal(loggedIn.error);
          if (status === 429) request.koa.set('Retry-After', String((loggedIn.error as { retryAfter: number }).retryAfter));
          return html(status, signInView(request.view, { email, next }, errors));
        }
        const issued = loggedIn.value;
        request.session.signIn(issued, { userId: issued.user.id, accountId: issued.accountId, role: issued.role, sessionId: issued.sessionId });
        return redirect(nextPage(request, next));
      },
    },
    {
      method: 'post',
      path: '/sign-out',
      visitor: 'anyone',
      handle: async (request) => {
        const refreshToken = request.session.refreshToken;
        if (refreshToken) await useCases.logout.execute(refreshToken);
        request.session.signOut();
        request.session.flash({ kind: 'info', text: 'You are signed out.' });
        return redirect(href(request.view, '/sign-in'));
      },
    },
    { method: 'get', path: '/sign-up', visitor: 'signed-out', handle: async (request) => html(200, signUpView(request.view, {})) },
    {
      method: 'post',
      path: '/sign-up',
      visitor: 'signed-out',
      handle: async (request) => {
        const values = { email: text(request, 'email'), name: text(request, 'name'), company: text(request, 'company') };
        const password = request.form.get('password') ?? '';
        if (!values.email) return html(422, signUpView(request.view, values, fieldRefusal('email', 'Enter your email address').errors));
        const ip = clientAddress(request.koa, options.trustedProxyHops);
        const registered = await useCases.registerUser.execute({ email: values.email, password, ip, name: optional(values.name), company: optional(values.company) });
        if (registered.isErr()) {
          const { status, errors } = refusal(registered.error);
          if (registered.error.type === 'rate_limited') request.koa.set('Retry-After', String(registered.error.retryAfter));
          return html(status, signUpView(request.view, values, errors));
        }
        return html(201, checkYourEmailView(request.view, registered.value.user.email));
      },
    },
    {
      method: 'post',
      path: '/verify-email/resend',
      visitor: 'anyone',
      handle: async (request) => {
        const email = text(request, 'email');
        if (email) await useCases.resendVerification.execute(email);
        return html(202, linkMailedView(request.view, 'If this address has a user waiting for verification, a new link is on its way.'));
      },
    },
    {
      method: 'get',
      path: '/verify-email',
      visitor: 'anyone',
      handle: async (request) => html(200, verifyEmailView(request.view, request.query.get('token') ?? '')),
    },
    {
      method: 'post',
      path: '/verify-email',
      visitor: 'anyone',
      handle: async (request) => {
        const token = text(request, 'token');
        const verified = await useCases.verifyEmail.execute(token);
        if (verified.isErr()) {
          const { status, errors } = refusal(verified.error);
          return html(status, verifyEmailView(request.view, token, errors));
        }
        return html(200, emailVerifiedView(request.view, verified.value.email, request.session.member !== undefined));
      },
    },
    { method: 'get', path: '/forgot-password', visitor: 'anyone', handle: async (request) => html(200, forgotPasswordView(request.view, {})) },
    {
      method: 'post',
      path: '/forgot-password',
      visitor: 'anyone',
      handle: async (request) => {
        const email = text(request, 'email');
        if (!email) return html(422, forgotPasswordView(request.view, { email }, fieldRefusal('email', 'Enter your email address').errors));
        await useCases.forgotPassword.execute(email);
        return html(202, linkMailedView(request.view, 'If this address has a user, a reset link is on its way. It works for one hour.'));
      },
    },
    { method: 'get', path: '/reset-password', visitor: 'anyone', handle: async (request) => html(200, resetPasswordView(request.view, request.query.get('token') ?? '')) },
    {
      method: 'post',
      path: '/reset-password',
      visitor: 'anyone',
      handle: async (request) => {
        const token = text(request, 'token');
        const reset = await useCases.resetPassword.execute({ token, password: request.form.get('password') ?? '' });
        if (reset.isErr()) {
          const { status, errors } = refusal(reset.error);
          return html(status, resetPasswordView(request.view, token, errors));
        }
        // The reset ended every session of the user, this browser's too.
        request.session.signOut();
        request.session.flash({ kind: 'info', text: 'Your password is changed: sign in with it.' });
        return redirect(href(request.view, '/sign-in'));
      },
    },
    {
      method: 'get',
      path: '/accept-invite',
      visitor: 'anyone',
      handle: async (request) => html(200, acceptInviteView(request.view, { token: request.query.get('token') ?? '' })),
    },
    {
      method: 'post',
      path: '/accept-invite',
      visitor: 'anyone',
      handle: async (request) => {
        const values = { token: text(request, 'token'), name: text(request, 'name') };
        const accepted = await useCases.acceptInvite.execute({ token: values.token, password: optional(request.form.get('password') ?? ''), name: optional(values.name) });
        if (accepted.isErr()) {
          const { status, errors } = refusal(accepted.error);
          return html(status, acceptInviteView(request.view, values, errors));
        }
        request.session.flash({ kind: 'info', text: `You joined the team as ${accepted.value.role}: sign in to continue.` });
        return redirect(href(request.view, '/sign-in'));
      },
    },
  ];
}
