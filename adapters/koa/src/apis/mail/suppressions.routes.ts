import type { MailService } from '@tuma/mail';
import { z } from 'zod';
import { defineRoute, json, noContent, type RouteDefinition } from '../../http/route.ts';
import { unwrap } from '../../http/unwrap.ts';
import { suppressionSchema, suppressionView } from './suppression-views.ts';
import { MAIL_MANAGE, MAIL_READ } from './access.ts';

export type MailSuppressionUseCases = Pick<MailService, 'listSuppressions' | 'removeSuppression'>;

const PAGE_MAX = 100;

const listQuery = z.object({
  cursor: z.string().regex(/^sup_[0-9A-Z]{26}$/, 'Must be next_cursor of the previous page').optional().describe('next_cursor of the previous page'),
  page: z.coerce.number().int().min(0).max(10_000).optional().describe('Instead of cursor: a page number, from 0'),
  limit: z.coerce.number().int().min(1).max(PAGE_MAX).default(20),
});

const emailParams = z.object({ email: z.string().max(254).regex(/^[^@\s]+@[^@\s]+$/, 'Must be an email address').describe('The suppressed address (URL-encoded), case aside') });

/** `/v1/suppressions`: the addresses sends skip, added by hard bounces and complaints (docs/mail.md, "Suppressions"). */
export function mailSuppressionRoutes(useCases: MailSuppressionUseCases): RouteDefinition[] {
  return [
    defineRoute({
      method: 'get',
      path: '/v1/suppressions',
      summary: "The account's suppressed addresses, newest first; by cursor (next_cursor) or page",
      tag: 'Suppressions',
      access: MAIL_READ,
      query: listQuery,
      responses: { 200: { description: 'A page of suppressions', schema: z.object({ data: z.array(suppressionSchema), next_cursor: z.string().nullable() }) } },
      handler: async ({ caller, query }) => {
        const offset = query.page === undefined ? undefined : query.page * query.limit;
        const page = unwrap(await useCases.listSuppressions.execute({ accountId: caller.account.id, after: query.cursor, offset, limit: query.limit }));
        return json(200, { data: page.items.map(suppressionView), next_cursor: page.next });
      },
    }),
    defineRoute({
      method: 'delete',
      path: '/v1/suppressions/:email',
      summary: 'Take an address off the list: it is sent to again',
      tag: 'Suppressions',
      access: MAIL_MANAGE,
      params: emailParams,
      responses: { 204: { description: 'Removed' }, 404: { description: "The address is not on the account's list", errorCodes: ['not_found'] } },
      handler: async ({ caller, params }) => {
        unwrap(await useCases.removeSuppression.execute({ accountId: caller.account.id, email: params.email }));
        return noContent();
      },
    }),
  ];
}
