import type { MailService } from '@tuma/mail';
import { z } from 'zod';
import { htmlPage } from '../../http/html.ts';
import { defineRoute, type RouteDefinition } from '../../http/route.ts';
import { unsubscribeConfirmView, unsubscribedView, unsubscribeUnknownView } from './unsubscribe-views.ts';

export type MailUnsubscribeUseCases = Pick<MailService, 'unsubscribe'>;

const PUBLIC = { public: true } as const;
const PAGE = (description: string) => ({ description, contentType: 'text/html', schema: z.string() });
/** Any text: a token that does not verify is a 404 page, like any unknown link. */
const tokenParams = z.object({ token: z.string().max(2000).describe('The signed token of the message’s List-Unsubscribe link') });
const UNKNOWN = PAGE('The token is not one we signed (altered or made up)');

/**
 * `{mail_url}/u/<token>`: the `List-Unsubscribe` link of every broadcast message (RFC 8058). Public:
 * mail clients and readers carry no key. GET shows a page and changes nothing; POST unsubscribes.
 */
export function mailUnsubscribeRoutes({ unsubscribe }: MailUnsubscribeUseCases): RouteDefinition[] {
  return [
    defineRoute({
      method: 'get',
      path: '/u/:token',
      summary: 'The confirmation page of an unsubscribe link (changes nothing: mail scanners prefetch links)',
      tag: 'Unsubscribe',
      access: PUBLIC,
      params: tokenParams,
      responses: { 200: PAGE('A page with a button that POSTs the unsubscribe'), 404: UNKNOWN },
      handler: async ({ params }) => ((await unsubscribe.check(params.token)).isOk() ? htmlPage(200, unsubscribeConfirmView(params.token)) : htmlPage(404, unsubscribeUnknownView())),
    }),
    defineRoute({
      method: 'post',
      path: '/u/:token',
      summary: "Unsubscribe: a mail client's one-click POST (body List-Unsubscribe=One-Click), or the confirmation page's button",
      tag: 'Unsubscribe',
      access: PUBLIC,
      params: tokenParams,
      rawBody: { contentTypes: ['application/x-www-form-urlencoded', 'multipart/form-data'], limitBytes: 4096 },
      body: z.string().describe('List-Unsubscribe=One-Click (RFC 8058); the content is not needed: the POST itself unsubscribes'),
      responses: { 200: PAGE('Unsubscribed (again: the same)'), 404: UNKNOWN },
      handler: async ({ params }) => ((await unsubscribe.confirm(params.token)).isOk() ? htmlPage(200, unsubscribedView()) : htmlPage(404, unsubscribeUnknownView())),
    }),
  ];
}
