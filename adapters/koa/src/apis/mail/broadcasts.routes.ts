import type { IdempotencyKeyInProgressError } from '@tuma/idempotency';
import type { Result } from '@tuma/kernel';
import type { AcceptedBroadcast, MailService, SendBroadcastError } from '@tuma/mail';
import { z } from 'zod';
import { defineRoute, json, type RouteDefinition } from '../../http/route.ts';
import { unwrap } from '../../http/unwrap.ts';
import { MAIL_READ, MAIL_SEND, MAIL_SEND_BY_KEY } from './access.ts';
import { broadcastSchema, broadcastView } from './contact-views.ts';

export type MailBroadcastUseCases = Pick<MailService, 'sendBroadcast' | 'listBroadcasts' | 'getBroadcast' | 'cancelBroadcast'>;

const PAGE_MAX = 100;
const broadcastId = z.string().regex(/^bc_[0-9A-Z]{26}$/, 'Must be a broadcast id (bc_...)');
const NOT_YOURS = { description: 'No broadcast with this id in the account', errorCodes: ['not_found'] };
const PLACEHOLDERS = 'Placeholders {{first_name}}, {{last_name}}, {{email}}, {{data.key}}, {{unsubscribe_url}}, each with an optional fallback ({{first_name|there}}); values are HTML-escaped in html';

/** The body of `POST /v1/contacts/lists/{id}/send` (the console's compose form is checked by it too). */
export const broadcastSendBody = z.strictObject({
  from: z.string().max(1000).describe('"Name <you@your-verified-domain>" or the bare address; or a confirmed sender address'),
  subject: z.string().max(2000).describe(PLACEHOLDERS),
  html: z.string().optional().describe(PLACEHOLDERS),
  text: z.string().optional().describe(`${PLACEHOLDERS}; derived from html when absent`),
  reply_to: z
    .union([z.string().max(1000), z.array(z.string().max(1000)).max(10)])
    .transform((value) => (typeof value === 'string' ? [value] : value))
    .optional(),
  tags: z.array(z.strictObject({ name: z.string(), value: z.string() })).max(49).optional().describe('On every email of the broadcast, with broadcast:<id>'),
  scheduled_at: z.iso.datetime({ offset: true }).optional().describe('Later than now: the broadcast starts then and may be cancelled until then'),
});

const sendAnswer = (accepted: Result<AcceptedBroadcast, SendBroadcastError | IdempotencyKeyInProgressError>) => json(200, broadcastView(unwrap(accepted)));

/** `POST /v1/contacts/lists/{id}/send` and `/v1/broadcasts`: bulk sends to a contact list (docs/mail.md, "Contacts and broadcasts"). */
export function mailBroadcastRoutes(useCases: MailBroadcastUseCases): RouteDefinition[] {
  const view = (accountId: string, id: string) => useCases.getBroadcast.execute({ accountId, id });
  return [
    defineRoute({
      method: 'post',
      path: '/v1/contacts/lists/:id/send',
      summary: 'Send one message to every subscribed contact of a list (a broadcast), now or at scheduled_at',
      tag: 'Broadcasts',
      // As POST /v1/emails: an Idempotency-Key is kept per key, so keys only (a dashboard sends with a key it made).
      access: MAIL_SEND_BY_KEY,
      idempotent: true,
      params: z.object({ id: z.string().regex(/^cl_[0-9A-Z]{26}$/, 'Must be a contact list id (cl_...)') }),
      body: broadcastSendBody,
      responses: {
        200: { description: 'The broadcast as accepted, with its counts', schema: broadcastSchema },
        402: {
          description: "plan_limit_reached: the recipients kept would take the month's or the day's emails past the plan; the broadcast is refused whole",
          errorCodes: ['plan_limit_reached'],
          errorFields: { product: z.literal('mail'), tier: z.string(), resource: z.enum(['monthly_emails', 'daily_emails']), limit: z.number().int() },
        },
        403: {
          description: 'from is neither on a verified domain of the account nor a confirmed sender address (domain_not_verified), the key lacks send, or the account is suspended',
          errorCodes: ['domain_not_verified', 'insufficient_scope', 'account_suspended'],
          errorFields: { domain: z.string().optional() },
        },
        404: { description: 'No contact list with this id in the account', errorCodes: ['not_found'] },
      },
      handler: async ({ caller, params, body, idempotency }) => {
        const accepted = await useCases.sendBroadcast.execute({
          accountId: caller.account.id,
          listId: params.id,
          from: body.from,
          subject: body.subject,
          html: body.html,
          text: body.text,
          replyTo: body.reply_to,
          tags: body.tags,
          scheduledAt: body.scheduled_at ? new Date(body.scheduled_at) : undefined,
          idempotency: idempotency?.answeredBy(sendAnswer),
        });
        return sendAnswer(accepted);
      },
    }),
    defineRoute({
      method: 'get',
      path: '/v1/broadcasts',
      summary: "The account's broadcasts, newest first, with their counts",
      tag: 'Broadcasts',
      access: MAIL_READ,
      query: z.object({ cursor: broadcastId.optional().describe('next_cursor of the previous page'), limit: z.coerce.number().int().min(1).max(PAGE_MAX).default(20) }),
      responses: { 200: { description: 'A page of broadcasts', schema: z.object({ data: z.array(broadcastSchema), next_cursor: z.string().nullable() }) } },
      handler: async ({ caller, query }) => {
        const page = unwrap(await useCases.listBroadcasts.execute({ accountId: caller.account.id, after: query.cursor, limit: query.limit }));
        return json(200, { data: page.items.map(broadcastView), next_cursor: page.next });
      },
    }),
    defineRoute({
      method: 'get',
      path: '/v1/broadcasts/:id',
      summary: 'One broadcast, with where its recipients are',
      tag: 'Broadcasts',
      access: MAIL_READ,
      params: z.object({ id: broadcastId }),
      responses: { 200: { description: 'The broadcast', schema: broadcastSchema }, 404: NOT_YOURS },
      handler: async ({ caller, params }) => json(200, broadcastView(unwrap(await view(caller.account.id, params.id)))),
    }),
    defineRoute({
      method: 'post',
      path: '/v1/broadcasts/:id/cancel',
      summary: 'Stop the recipients still waiting for their email (all of them before scheduled_at)',
      tag: 'Broadcasts',
      access: MAIL_SEND,
      params: z.object({ id: broadcastId }),
      responses: {
        200: { description: 'The broadcast, cancelled', schema: broadcastSchema },
        404: NOT_YOURS,
        409: { description: 'Every recipient has its email already, or the broadcast was cancelled', errorCodes: ['not_cancellable'] },
      },
      handler: async ({ caller, params }) => json(200, broadcastView(unwrap(await useCases.cancelBroadcast.execute({ accountId: caller.account.id, id: params.id })))),
    }),
  ];
}
