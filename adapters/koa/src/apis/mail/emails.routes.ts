import { EMAIL_STATUSES, MAX_RECIPIENTS, type MailService, type SendEmailError, type SentEmail } from '@tuma/mail';
import type { IdempotencyKeyInProgressError } from '@tuma/idempotency';
import type { Result } from '@tuma/kernel';
import { z } from 'zod';
import { dateFrom, dateTo } from '../../http/date-window.ts';
import { defineRoute, json, type RouteDefinition } from '../../http/route.ts';
import { unwrap } from '../../http/unwrap.ts';
import { emailSchema, emailSummarySchema, emailSummaryView, emailView } from './email-views.ts';
import { MAIL_READ, MAIL_SEND, MAIL_SEND_BY_KEY } from './access.ts';

/** The largest send request: an email of 40 MB with its attachments in base64 (a third more), and room for the JSON around it. */
const SEND_BODY_LIMIT_BYTES = 60 * 1024 * 1024;

export type MailEmailUseCases = Pick<MailService, 'sendEmail' | 'listEmails' | 'getEmail' | 'cancelEmail'>;

const NOT_YOURS = { description: 'No email with this id in the account', errorCodes: ['not_found'] };
const PAGE_MAX = 100;

/** One address or a list of them, as a list (the use case names each malformed one). */
const addresses = (max: number) =>
  z
    .union([z.string().max(1000), z.array(z.string().max(1000)).max(max)])
    .transform((value) => (typeof value === 'string' ? [value] : value));

const sendBody = z.strictObject({
  from: z.string().max(1000).describe('"Name <you@your-verified-domain>" or the bare address; or a confirmed sender address'),
  to: addresses(MAX_RECIPIENTS).describe(`1 to ${MAX_RECIPIENTS} recipients`),
  cc: addresses(MAX_RECIPIENTS).optional(),
  bcc: addresses(MAX_RECIPIENTS).optional(),
  reply_to: addresses(10).optional(),
  subject: z.string().max(2000),
  html: z.string().optional(),
  text: z.string().optional().describe('Derived from html when absent'),
  attachments: z
    .array(
      z.strictObject({
        filename: z.string().max(255),
        content: z.string().optional().describe('The file in base64'),
        path: z.string().optional().describe('An https URL the file is fetched from when the email is accepted, instead of content (no private addresses, no redirects; 422 naming it when it cannot be fetched)'),
        content_type: z.string().max(255).optional(),
      }),
    )
    .max(100)
    .optional(),
  headers: z.record(z.string(), z.string().max(2000)).optional(),
  tags: z.array(z.strictObject({ name: z.string(), value: z.string() })).max(50).optional(),
  scheduled_at: z.iso.datetime({ offset: true }).optional().describe('Later than now: the email waits until then and may be cancelled'),
});

const sendAnswer = (sent: Result<SentEmail, SendEmailError | IdempotencyKeyInProgressError>) => json(200, { id: unwrap(sent).id });

const emailParams = z.object({ id: z.string().regex(/^em_[0-9A-Z]{26}$/, 'Must be an email id (em_...)') });

const listQuery = z.object({
  status: z.enum(EMAIL_STATUSES).optional(),
  to: z.string().max(254).optional().describe('A recipient (To, Cc or Bcc)'),
  from: z.string().max(254).optional(),
  tag: z.string().max(513).optional().describe('name, or name:value'),
  date_from: dateFrom.optional(),
  date_to: dateTo.optional(),
  q: z.string().min(1).max(200).optional().describe('Text in the subject, case aside'),
  cursor: emailParams.shape.id.optional().describe('next_cursor of the previous page'),
  page: z.coerce.number().int().min(0).max(10_000).optional().describe('Instead of cursor: a page number, from 0'),
  limit: z.coerce.number().int().min(1).max(PAGE_MAX).default(20),
});

/** `/v1/emails`: send, list and search, read with its timeline, cancel a scheduled one (docs/mail.md, "Sending"). */
export function mailEmailRoutes(useCases: MailEmailUseCases): RouteDefinition[] {
  return [
    defineRoute({
      method: 'post',
      path: '/v1/emails',
      summary: 'Send an email from a verified domain (now, or at scheduled_at)',
      tag: 'Emails',
      access: MAIL_SEND_BY_KEY,
      // 40 MB of html, text and files is about 54 MB in base64 and JSON.
      bodyLimitBytes: SEND_BODY_LIMIT_BYTES,
      idempotent: true,
      body: sendBody,
      responses: {
        200: { description: 'Queued (or scheduled)', schema: z.object({ id: z.string() }) },
        402: {
          description: "plan_limit_reached: the recipients would take the account past its mail plan's emails of the month or the day (docs/mail.md, \"Billing\")",
          errorCodes: ['plan_limit_reached'],
          errorFields: { product: z.literal('mail'), tier: z.string(), resource: z.enum(['monthly_emails', 'daily_emails']), limit: z.number().int() },
        },
        403: {
          description: 'from is neither on a verified domain of the account nor a confirmed sender address (domain_not_verified), the key lacks send, or the account is suspended',
          errorCodes: ['domain_not_verified', 'insufficient_scope', 'account_suspended'],
          errorFields: { domain: z.string().optional() },
        },
      },
      handler: async ({ caller, body, idempotency }) => {
        const sent = await useCases.sendEmail.execute({
          accountId: caller.account.id,
          from: body.from,
          to: body.to,
          cc: body.cc,
          bcc: body.bcc,
          replyTo: body.reply_to,
          subject: body.subject,
          html: body.html,
          text: body.text,
          attachments: body.attachments?.map((attachment) => ({ filename: attachment.filename, content: attachment.content, path: attachment.path, contentType: attachment.content_type })),
          headers: body.headers,
          tags: body.tags,
          scheduledAt: body.scheduled_at === undefined ? undefined : new Date(body.scheduled_at),
          idempotency: idempotency?.answeredBy(sendAnswer),
        });
        return sendAnswer(sent);
      },
    }),
    defineRoute({
      method: 'get',
      path: '/v1/emails',
      summary: "The account's emails, newest first, filtered; by cursor (next_cursor) or page",
      tag: 'Emails',
      access: MAIL_READ,
      query: listQuery,
      responses: { 200: { description: 'A page of emails', schema: z.object({ data: z.array(emailSummarySchema), next_cursor: z.string().nullable() }) } },
      handler: async ({ caller, query }) => {
        const [name, value] = query.tag?.split(/:(.*)/s) ?? [];
        const page = unwrap(
          await useCases.listEmails.execute({
            accountId: caller.account.id,
            status: query.status,
            to: query.to?.toLowerCase(),
            from: query.from?.toLowerCase(),
            tag: name ? { name, value: value || undefined } : undefined,
            since: query.date_from,
            until: query.date_to,
            q: query.q,
            after: query.cursor,
            offset: query.page === undefined ? undefined : query.page * query.limit,
            limit: query.limit,
          }),
        );
        return json(200, { data: page.items.map(emailSummaryView), next_cursor: page.next });
      },
    }),
    defineRoute({
      method: 'get',
      path: '/v1/emails/:id',
      summary: 'An email with its event timeline',
      tag: 'Emails',
      access: MAIL_READ,
      params: emailParams,
      responses: { 200: { description: 'The email', schema: emailSchema }, 404: NOT_YOURS },
      handler: async ({ caller, params }) => {
        const found = unwrap(await useCases.getEmail.execute({ accountId: caller.account.id, emailId: params.id }));
        return json(200, emailView(found.email, found.events));
      },
    }),
    defineRoute({
      method: 'post',
      path: '/v1/emails/:id/cancel',
      summary: 'Cancel a scheduled email before its time',
      tag: 'Emails',
      access: MAIL_SEND,
      params: emailParams,
      responses: {
        200: { description: 'The cancelled email', schema: emailSummarySchema },
        404: NOT_YOURS,
        409: { description: 'Not scheduled (queued, sent or cancelled already)', errorCodes: ['not_cancellable'], errorFields: { status: z.enum(EMAIL_STATUSES) } },
      },
      handler: async ({ caller, params }) => json(200, emailSummaryView(unwrap(await useCases.cancelEmail.execute({ accountId: caller.account.id, emailId: params.id })))),
    }),
  ];
}
