import type { MailService } from '@tuma/mail';
import { z } from 'zod';
import { defineRoute, json, noContent, type RouteDefinition } from '../../http/route.ts';
import { unwrap } from '../../http/unwrap.ts';
import { MAIL_MANAGE, MAIL_READ } from './access.ts';
import { forwardLogEntrySchema, forwardLogEntryView, forwardSchema, forwardView } from './forward-views.ts';

export type MailForwardUseCases = Pick<MailService, 'createForward' | 'listForwards' | 'deleteForward' | 'listForwardLog'>;

const TAG = 'Forwards';
const PAGE_MAX = 100;

const idParams = z.object({ id: z.string().regex(/^fwd_[0-9A-Z]{26}$/, 'Must be a forward id (fwd_...)') });

/** The body of `POST /v1/forwards` (the console's form is checked by it too). */
export const forwardBody = z.strictObject({
  from: z.string().max(254).describe('alias@domain or *@domain, the domain a verified one of the account'),
  to: z.string().max(254).describe('Any address but one we forward ourselves'),
});

const logQuery = z.object({
  cursor: z.string().regex(/^fwl_[0-9A-Z]{26}$/, 'Must be next_cursor of the previous page').optional().describe('next_cursor of the previous page'),
  page: z.coerce.number().int().min(0).max(10_000).optional().describe('Instead of cursor: a page number, from 0'),
  limit: z.coerce.number().int().min(1).max(PAGE_MAX).default(20),
});

/** `/v1/forwards`: mail to an alias (or any address) of a verified domain re-sent elsewhere (docs/mail.md, "Forwards"). */
export function mailForwardRoutes(forwards: MailForwardUseCases): RouteDefinition[] {
  return [
    defineRoute({
      method: 'post',
      path: '/v1/forwards',
      summary: 'Forward mail to alias@domain (or *@domain) of a verified domain to another address',
      tag: TAG,
      access: MAIL_MANAGE,
      body: forwardBody,
      responses: {
        201: { description: 'The forward', schema: forwardSchema },
        409: { description: 'The address is forwarded already', errorCodes: ['conflict'] },
        422: { description: 'from or to is not an address, from is not on a verified domain of the account, or to is forwarded by us', errorCodes: ['validation_error'] },
      },
      handler: async ({ caller, body }) => json(201, forwardView(unwrap(await forwards.createForward.execute({ accountId: caller.account.id, from: body.from, to: body.to })))),
    }),
    defineRoute({
      method: 'get',
      path: '/v1/forwards',
      summary: "The account's forwards, newest first",
      tag: TAG,
      access: MAIL_READ,
      responses: { 200: { description: 'Every forward', schema: z.object({ data: z.array(forwardSchema) }) } },
      handler: async ({ caller }) => json(200, { data: unwrap(await forwards.listForwards.execute(caller.account.id)).map(forwardView) }),
    }),
    defineRoute({
      method: 'delete',
      path: '/v1/forwards/:id',
      summary: 'Stop forwarding: mail to the address is refused from now on (its log goes with it)',
      tag: TAG,
      access: MAIL_MANAGE,
      params: idParams,
      responses: { 204: { description: 'Deleted' }, 404: { description: 'No such forward in the account', errorCodes: ['not_found'] } },
      handler: async ({ caller, params }) => {
        unwrap(await forwards.deleteForward.execute({ accountId: caller.account.id, id: params.id }));
        return noContent();
      },
    }),
    defineRoute({
      method: 'get',
      path: '/v1/forwards/:id/log',
      summary: 'What a forward re-sent, newest first: each message with its outcome; by cursor (next_cursor) or page',
      tag: TAG,
      access: MAIL_READ,
      params: idParams,
      query: logQuery,
      responses: {
        200: { description: 'A page of the log', schema: z.object({ data: z.array(forwardLogEntrySchema), next_cursor: z.string().nullable() }) },
        404: { description: 'No such forward in the account', errorCodes: ['not_found'] },
      },
      handler: async ({ caller, params, query }) => {
        const offset = query.page === undefined ? undefined : query.page * query.limit;
        const page = unwrap(await forwards.listForwardLog.execute({ accountId: caller.account.id, forwardId: params.id, after: query.cursor, offset, limit: query.limit }));
        return json(200, { data: page.items.map(forwardLogEntryView), next_cursor: page.next });
      },
    }),
  ];
}
