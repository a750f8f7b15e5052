import type { MailMessage } from './mailer.port.ts';

/** Where the dashboard takes a mailed token: `${appUrl}/verify-email?token=...` and so on. */
export interface MailLinks {
  readonly appUrl: string;
}

const escapeHtml = (text: string): string =>
  text.replace(/[&<>"']/g, (character) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[character]!);

const address = (links: MailLinks, path: string, token?: string): string =>
  `${links.appUrl.replace(/\/+$/, '')}${path}${token === undefined ? '' : `?token=${encodeURIComponent(token)}`}`;

/** One message in text and HTML from the same paragraphs and call to action. */
function render(to: string, subject: string, paragraphs: readonly string[], action?: { label: string; url: string }): MailMessage {
  const text = [...paragraphs, ...(action ? [`${action.label}: ${action.url}`] : [])].join('\n\n');
  const html = [
    ...paragraphs.map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`),
    ...(action ? [`<p><a href="${escapeHtml(action.url)}">${escapeHtml(action.label)}</a></p>`] : []),
  ].join('\n');
  return { to, subject, text, html };
}

const IGNORE = 'If you did not ask for this, ignore this message: nothing changes.';

export const verificationMail = (links: MailLinks, to: string, token: string): MailMessage =>
  render(to, 'Verify your email address', ['Confirm this address to finish setting up your Tuma account. The link works for 24 hours, once.', IGNORE], {
    label: 'Verify email address',
    url: address(links, '/verify-email', token),
  });

export const passwordResetMail = (links: MailLinks, to: string, token: string): MailMessage =>
  render(to, 'Reset your password', ['Someone asked to reset the password of the Tuma user with this address. The link works for one hour, once, and signs out every session.', IGNORE], {
    label: 'Choose a new password',
    url: address(links, '/reset-password', token),
  });

export const inviteMail = (links: MailLinks, to: string, token: string, invite: { inviter: string; role: string }): MailMessage =>
  render(to, 'You are invited to a Tuma team', [`${invite.inviter} invited you to join their Tuma account as ${invite.role}. The invitation works for 7 days.`], {
    label: 'Accept the invitation',
    url: address(links, '/accept-invite', token),
  });

/** To the owner of an address someone tried to register again: no account is created, and nothing tells the other party. */
export const registrationAttemptMail = (links: MailLinks, to: string): MailMessage =>
  render(
    to,
    'Someone tried to register with your email',
    ['Someone tried to create a Tuma account with this address, which already has one. If it was you, sign in or reset your password.', IGNORE],
    { label: 'Reset your password', url: address(links, '/forgot-password') },
  );
