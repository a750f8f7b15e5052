import type { MailService } from '@tuma/mail';
import { unwrap } from '../../http/unwrap.ts';
import { emailSummaryView, emailView } from '../../apis/mail/email-views.ts';
import { suppressionView } from '../../apis/mail/suppression-views.ts';
import { BUILDERS, html, redirect, type ConsolePage } from '../page.ts';
import { emailDetailView, emailsView, suppressionsView } from './activity-views.ts';
import { href } from '../layout/view-context.ts';

export type MailActivityPageUseCases = Pick<MailService, 'listEmails' | 'getEmail' | 'listSuppressions' | 'removeSuppression'>;

const PAGE_SIZE = 25;
/** A cursor as the API's lists hand them out (`<prefix>_` and a ULID); anything else starts from the newest. */
const cursorOf = (query: URLSearchParams, prefix: string) => {
  const cursor = query.get('cursor') ?? '';
  return new RegExp(`^${prefix}_[0-9A-Z]{26}$`).test(cursor) ? cursor : undefined;
};

/** Mail › Emails (searched by subject, each with its event timeline) and Mail › Suppressions; the mail API's use cases. */
export function mailActivityPages(useCases: MailActivityPageUseCases): ConsolePage[] {
  return [
    {
      method: 'get',
      path: '/mail/emails',
      visitor: 'member',
      section: 'mail-emails',
      handle: async (request) => {
        const q = (request.query.get('q') ?? '').trim().slice(0, 200);
        const page = unwrap(await useCases.listEmails.execute({ accountId: request.member.accountId, limit: PAGE_SIZE, after: cursorOf(request.query, 'em'), ...(q ? { q } : {}) }));
        return html(200, emailsView(request.view, { emails: page.items.map(emailSummaryView), q, next: page.next, query: request.query }));
      },
    },
    {
      method: 'get',
      path: '/mail/emails/:id',
      visitor: 'member',
      handle: async (request) => {
        const found = unwrap(await useCases.getEmail.execute({ accountId: request.member.accountId, emailId: request.params.id! }));
        return html(200, emailDetailView(request.view, emailView(found.email, found.events)));
      },
    },
    {
      method: 'get',
      path: '/mail/suppressions',
      visitor: 'member',
      section: 'mail-suppressions',
      handle: async (request) => {
        const page = unwrap(await useCases.listSuppressions.execute({ accountId: request.member.accountId, after: cursorOf(request.query, 'sup'), limit: PAGE_SIZE }));
        return html(200, suppressionsView(request.view, { suppressions: page.items.map(suppressionView), canWrite: BUILDERS.includes(request.member.role), next: page.next, query: request.query }));
      },
    },
    {
      method: 'post',
      path: '/mail/suppressions/:email/remove',
      visitor: 'member',
      roles: BUILDERS,
      handle: async (request) => {
        unwrap(await useCases.removeSuppression.execute({ accountId: request.member.accountId, email: request.params.email! }));
        request.session.flash({ kind: 'info', text: `${request.params.email} is off the list: it is sent to again.` });
        return redirect(href(request.view, '/mail/suppressions'));
      },
    },
  ];
}
