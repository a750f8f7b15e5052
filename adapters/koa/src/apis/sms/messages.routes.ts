import type { Principal } from '@tuma/accounts';
import type { Result } from '@tuma/kernel';
import {
  MESSAGE_CATEGORIES,
  BATCH_PAGE_DEFAULT_LIMIT,
  BATCH_PAGE_MAX_LIMIT,
  DRIP_RATE_MAX,
  DRIP_RATE_MIN,
  MESSAGE_PAGE_DEFAULT_LIMIT,
  MESSAGE_PAGE_MAX_LIMIT,
  OUTBOUND_MESSAGE_STATUSES,
  readPhoneField,
  STATUS_LOOKUP_MAX_IDS,
  type BulkAccepted,
  type BulkPrecheckUseCase,
  type CancelMessages,
  type GetBatch,
  type GetMessage,
  type GetMessageStatuses,
  type ListMessages,
  type SendBulk,
  type SendBulkError,
  type Sender,
  type SendMessage,
  type SendMessageError,
  type SentMessage,
} from '@tuma/messaging';
import { z } from 'zod';
import { dateFrom, dateTo } from '../../http/date-window.ts';
import { keyScopeOf } from '../../http/key-scope-of.ts';
import { requireLiveKey } from '../../http/live-key.ts';
import { defineRoute, json, type RouteDefinition } from '../../http/route.ts';
import { unwrap } from '../../http/unwrap.ts';
import {
  batchSchema,
  batchView,
  bulkResponseSchema,
  bulkResponseView,
  messageSchema,
  messageView,
  precheckSchema,
  precheckView,
  sendResponseSchema,
  sendResponseView,
  statusItemSchema,
  statusItemsView,
} from './message-views.ts';

export interface MessageUseCases {
  readonly sendMessage: SendMessage;
  readonly sendBulk: SendBulk;
  readonly bulkPrecheck: BulkPrecheckUseCase;
  readonly listMessages: ListMessages;
  readonly getMessage: GetMessage;
  readonly getMessageStatuses: GetMessageStatuses;
  readonly getBatch: GetBatch;
  readonly cancelMessages: CancelMessages;
}

const SEND = { anyScope: ['send'] } as const;
const READ = { anyScope: ['query', 'send'] } as const;
/** Reads the dashboard makes too: a key, or a signed-in member of any role (live data). */
const READ_OR_SIGNED_IN = { ...READ, session: true } as const;

const senderOf = (principal: Principal): Sender => ({
  accountId: principal.account.id,
  apiKeyId: principal.apiKey.id,
  environment: principal.apiKey.environment,
  walletCurrency: principal.account.walletCurrency,
});

/** The answers of the two sends, for the handler and for the answer kept with the charge (Idempotency-Key). */
const sendAnswer = (sent: Result<SentMessage, SendMessageError>) => json(200, sendResponseView(unwrap(sent)));
const bulkAnswer = (accepted: Result<BulkAccepted, SendBulkError>) => json(200, bulkResponseView(unwrap(accepted)));

const PRICING_UNAVAILABLE = {
  description: 'pricing_unavailable: no exchange rate converts the route currency into the wallet currency yet',
  errorCodes: ['pricing_unavailable'],
  errorFields: { from: z.string(), to: z.string() },
};
/** 402: also at the top of the body, as the spec says. */
const INSUFFICIENT_BALANCE = (fields: z.ZodRawShape) => ({
  description: `Insufficient balance: required, available, ${Object.keys(fields).join(', ')} (in the error and at the top of the body)`,
  errorCodes: ['insufficient_balance'],
  errorFields: { required: z.number(), available: z.number(), currency: z.string(), ...fields },
});
const TOO_LONG = {
  description: 'A (rendered) text needs more segments than allowed',
  errorCodes: ['message_too_long'],
  errorFields: { field: z.string(), segments: z.number().int(), max_segments: z.number().int() },
};

const isoDateTime = z.iso.datetime({ offset: true, error: 'Must be an ISO 8601 date-time with a time zone (e.g. 2026-11-21T10:00:00Z)' }).transform((value) => new Date(value));

const text = z.string().min(1, 'The text must not be empty').max(10_000, 'At most 10000 characters').meta({ examples: ['Habari Amina! Your order KE-1042 has shipped.'] });
const senderId = z.string().min(1).max(11).describe('An approved sender ID (1-11 characters); otherwise the route default').meta({ examples: ['DUKA'] });
const route = z.string().min(1).max(32).describe('A route code (SVC_<CC>); otherwise detected from each number').meta({ examples: ['SVC_KE'] });
const messageId = z.object({ id: z.string().regex(/^msg_[0-9A-Z]{26}$/, 'Must be a message id (msg_...)') });
const batchId = z.object({ batch_id: z.string().regex(/^bat_[0-9A-Z]{26}$/, 'Must be a batch id (bat_...)') });

const smartEncoding = z.boolean().optional().describe('Replace GSM-7 look-alikes (curly quotes, dashes, ...) before segmenting when that makes the text GSM-7; default: the account setting');
const category = z.enum(MESSAGE_CATEGORIES).default('transactional').describe('`promotional` waits for the recipients promotional hours (quiet hours per market)');
const quietHours = z.enum(['defer', 'reject']).default('defer').describe('A promotional send in quiet hours: deferred to their end (default), or refused (422 quiet_hours)');
/** The extensions of the spec's send bodies (docs/messages.md). */
const sendOptions = { smart_encoding: smartEncoding, category, quiet_hours: quietHours };
const QUIET_HOURS = {
  description: 'A validation error naming the field, or quiet_hours: a promotional send in quiet hours with quiet_hours "reject" (or to a market whose promotional hours never open)',
  errorCodes: ['validation_error', 'quiet_hours'],
  errorFields: { countries: z.array(z.string()).optional(), next_opening: z.string().nullable().optional() },
};

const sendBody = z.object({
  to: z.string().min(1).describe('International format').meta({ examples: ['+254712345678'] }),
  text,
  sender_id: senderId.optional(),
  route: route.optional(),
  schedule_mode: z.enum(['now', 'scheduled']).default('now'),
  scheduled_at: isoDateTime.optional().describe('Required for `scheduled`: 5 minutes to 7 days ahead').meta({ examples: ['2026-12-01T07:30:00Z'] }),
  ...sendOptions,
});

const audience = {
  recipients: z
    .array(
      z.object({
        to: z.string().min(1).meta({ examples: ['+254712345678'] }),
        name: z.string().max(120).optional().meta({ examples: ['Amina'] }),
        vars: z.record(z.string(), z.string()).optional().describe('Fills {{key}}; {{name}} and {{phone}} are always available').meta({ examples: [{ order_id: 'KE-1042' }] }),
      }),
    )
    .optional(),
  contact_list_ids: z.array(z.number().int().min(1)).max(100).optional(),
  text,
  sender_id: senderId.optional(),
};

const needsRecipients = (body: { recipients?: unknown[] | undefined; contact_list_ids?: unknown[] | undefined }) =>
  (body.recipients?.length ?? 0) > 0 || (body.contact_list_ids?.length ?? 0) > 0;
/** Saved contact lists are live data (live keys only): a test key gives its recipients inline. */
const refuseTestKeyLists = (principal: Principal, contactListIds: readonly number[] | undefined): void => {
  if (contactListIds?.length) {
    requireLiveKey(principal, 'Contact lists hold live data: a test key gives recipients instead', [
      { path: 'contact_list_ids', message: 'Saved contact lists are for live keys only', in: 'body' },
    ]);
  }
};
const RECIPIENTS_REQUIRED = { message: 'Give recipients or contact_list_ids (or both)', path: ['recipients'] };

const bulkBody = z
  .object({
    ...audience,
    route: route.optional(),
    schedule_mode: z.enum(['now', 'scheduled', 'drip']).default('now'),
    scheduled_at: isoDateTime.optional(),
    drip_rate: z.number().int().min(DRIP_RATE_MIN).max(DRIP_RATE_MAX).optional().describe('Messages per minute; required for `drip`'),
    ...sendOptions,
  })
  .refine(needsRecipients, RECIPIENTS_REQUIRED);

const precheckBody = z.object({ ...audience, smart_encoding: smartEncoding }).refine(needsRecipients, RECIPIENTS_REQUIRED);

const listQuery = z.object({
  page: z.coerce.number().int().min(0).default(0),
  limit: z.coerce.number().int().min(1).max(MESSAGE_PAGE_MAX_LIMIT).default(MESSAGE_PAGE_DEFAULT_LIMIT),
  status: z.enum(OUTBOUND_MESSAGE_STATUSES).optional(),
  environment: z.enum(['live', 'test', 'all']).optional().describe('Default: the key environment; test keys only ever see test messages'),
  to: z.string().min(1).optional().describe('E.164'),
  batch_id: z.string().min(1).max(40).optional(),
  date_from: dateFrom.optional().describe('Included; a date means its start (00:00 UTC)'),
  date_to: dateTo.optional().describe('Excluded; a date means its end (the whole day is in)'),
});

/** Sending and reading messages: single and bulk sends, the pre-check, lists, lookups, batches and cancelling. */
export function messageRoutes(useCases: MessageUseCases): RouteDefinition[] {
  return [
    defineRoute({
      method: 'post',
      path: '/api/messages/send',
      summary: 'Send one SMS (charged from the wallet; test keys: no charge, simulated delivery)',
      tag: 'Messages',
      access: SEND,
      idempotent: true,
      body: sendBody,
      requiredFields: ['to', 'text'],
      responses: {
        200: { description: 'Accepted (or rejected: opted out)', schema: sendResponseSchema },
        400: {
          description: 'A missing field (missing_fields), malformed JSON, an invalid number or an unroutable country',
          errorCodes: ['missing_fields', 'invalid_json', 'invalid_phone_number', 'unroutable'],
          errorFields: { field: z.string().optional(), countries: z.array(z.string()).optional() },
        },
        402: INSUFFICIENT_BALANCE({ cost: z.number() }),
        503: PRICING_UNAVAILABLE,
        409: { description: 'The same text went to this number less than 5 minutes ago', errorCodes: ['duplicate_message'], errorFields: { duplicate_of: z.string().describe('The earlier message') } },
        413: TOO_LONG,
        422: QUIET_HOURS,
      },
      handler: async ({ body, principal, idempotency }) => {
        const sent = await useCases.sendMessage.execute({
          sender: senderOf(principal),
          to: body.to,
          text: body.text,
          senderId: body.sender_id,
          route: body.route,
          scheduleMode: body.schedule_mode,
          scheduledAt: body.scheduled_at,
          smartEncoding: body.smart_encoding,
          category: body.category,
          quietHours: body.quiet_hours,
          idempotency: idempotency?.answeredBy(sendAnswer),
        });
        return sendAnswer(sent);
      },
    }),
    defineRoute({
      method: 'post',
      path: '/api/messages/send-bulk',
      summary: 'Send one text (with {{variables}}) to many recipients; returns at once, jobs send',
      tag: 'Messages',
      access: SEND,
      idempotent: true,
      body: bulkBody,
      requiredFields: ['text', ['recipients', 'contact_list_ids']],
      responses: {
        200: { description: 'The batch', schema: bulkResponseSchema },
        400: {
          description: 'A missing field (missing_fields), malformed JSON, no recipients left, or some that cannot be routed (up to 10 samples)',
          errorCodes: ['missing_fields', 'invalid_json', 'no_recipients', 'unroutable'],
          errorFields: {
            field: z.string().optional(),
            countries: z.array(z.string()).optional(),
            unroutable: z.array(z.object({ to: z.string(), reason: z.string() })).optional(),
            unroutable_count: z.number().int().optional(),
          },
        },
        402: INSUFFICIENT_BALANCE({ segments: z.number().int(), recipients: z.number().int() }),
        503: PRICING_UNAVAILABLE,
        403: {
          description: 'The sender ID is not approved for a destination country, or a test key gave contact_list_ids (live_key_required)',
          errorCodes: ['sender_id_not_approved', 'live_key_required', 'insufficient_scope', 'account_suspended'],
          errorFields: { sender_id: z.string().optional(), countries: z.array(z.string()).optional() },
        },
        404: { description: 'A contact list is not the account' },
        413: TOO_LONG,
        422: QUIET_HOURS,
      },
      handler: async ({ body, principal, idempotency }) => {
        refuseTestKeyLists(principal, body.contact_list_ids);
        const accepted = await useCases.sendBulk.execute({
          sender: senderOf(principal),
          recipients: body.recipients,
          contactListIds: body.contact_list_ids,
          text: body.text,
          senderId: body.sender_id,
          route: body.route,
          scheduleMode: body.schedule_mode,
          scheduledAt: body.scheduled_at,
          dripRate: body.drip_rate,
          smartEncoding: body.smart_encoding,
          category: body.category,
          quietHours: body.quiet_hours,
          idempotency: idempotency?.answeredBy(bulkAnswer),
        });
        return bulkAnswer(accepted);
      },
    }),
    defineRoute({
      method: 'post',
      path: '/api/messages/bulk-precheck',
      summary: 'What a bulk send would cost, per country; nothing is sent or charged',
      tag: 'Messages',
      access: READ,
      body: precheckBody,
      responses: { 200: { description: 'The pre-check', schema: precheckSchema } },
      handler: async ({ body, principal }) => {
        refuseTestKeyLists(principal, body.contact_list_ids);
        const account = principal.account;
        const precheck = await useCases.bulkPrecheck.execute({
          accountId: account.id,
          environment: principal.apiKey.environment,
          walletCurrency: account.walletCurrency,
          recipients: body.recipients,
          contactListIds: body.contact_list_ids,
          text: body.text,
          senderId: body.sender_id,
          smartEncoding: body.smart_encoding,
        });
        return json(200, precheckView(unwrap(precheck)));
      },
    }),
    defineRoute({
      method: 'get',
      path: '/api/messages',
      summary: 'The messages, newest first',
      tag: 'Messages',
      access: READ_OR_SIGNED_IN,
      query: listQuery,
      responses: {
        200: {
          description: 'A page of messages (text truncated to 100 characters)',
          schema: z.object({ messages: z.array(messageSchema), total: z.number().int(), page: z.number().int(), limit: z.number().int() }),
        },
      },
      handler: async ({ query, caller }) => {
        const environment = caller.environment === 'test' ? 'test' : (query.environment ?? 'live');
        const phone = query.to === undefined ? undefined : unwrap(readPhoneField(query.to, 'to', { plusOptional: true })).e164;
        const page = unwrap(
          await useCases.listMessages.execute({
            accountId: caller.account.id,
            environment: environment === 'all' ? null : environment,
            status: query.status,
            phone,
            batchId: query.batch_id,
            from: query.date_from,
            to: query.date_to,
            page: query.page,
            limit: query.limit,
          }),
        );
        return json(200, { messages: page.messages.map((m) => messageView(m, true)), total: page.total, page: query.page, limit: query.limit });
      },
    }),
    defineRoute({
      method: 'get',
      path: '/api/messages/status',
      summary: 'Statuses of up to 100 messages, in the order asked',
      tag: 'Messages',
      access: READ_OR_SIGNED_IN,
      query: z.object({
        ids: z
          .string()
          .min(1)
          .transform((ids) => ids.split(',').map((id) => id.trim()).filter((id) => id.length > 0))
          .pipe(z.array(z.string()).min(1, 'At least one id').max(STATUS_LOOKUP_MAX_IDS, `At most ${STATUS_LOOKUP_MAX_IDS} ids`)),
      }),
      responses: { 200: { description: 'One item per id; unknown ids are `not_found`', schema: z.object({ messages: z.array(statusItemSchema) }) } },
      handler: async ({ query, caller }) => {
        const lookup = unwrap(await useCases.getMessageStatuses.execute(keyScopeOf(caller), query.ids));
        return json(200, { messages: statusItemsView(lookup) });
      },
    }),
    defineRoute({
      method: 'get',
      path: '/api/messages/batch/:batch_id',
      summary: 'A bulk send: counts per status, cost and its members, newest first',
      tag: 'Messages',
      access: READ_OR_SIGNED_IN,
      params: batchId,
      query: z.object({
        page: z.coerce.number().int().min(0).default(0),
        limit: z.coerce.number().int().min(1).max(BATCH_PAGE_MAX_LIMIT).default(BATCH_PAGE_DEFAULT_LIMIT),
      }),
      responses: { 200: { description: 'The batch', schema: batchSchema }, 404: { description: 'No messages in such a batch of the account' } },
      handler: async ({ params, query, caller }) => {
        const view = unwrap(await useCases.getBatch.execute(keyScopeOf(caller), params.batch_id, query.page, query.limit));
        return json(200, batchView(view));
      },
    }),
    defineRoute({
      method: 'post',
      path: '/api/messages/batch/:batch_id/cancel',
      summary: 'Cancel the members of a bulk send not sent yet, with a refund',
      tag: 'Messages',
      access: SEND,
      params: batchId,
      responses: {
        200: { description: 'How many were cancelled and refunded', schema: z.object({ batch_id: z.string(), cancelled: z.number().int(), refunded: z.number(), currency: z.string() }) },
        404: { description: 'No such batch of the account' },
      },
      handler: async ({ params, caller }) => {
        const cancelled = unwrap(await useCases.cancelMessages.cancelBatch(keyScopeOf(caller), params.batch_id));
        return json(200, { batch_id: cancelled.batchId, cancelled: cancelled.cancelled, refunded: cancelled.refunded.toNumber(), currency: cancelled.refunded.currency });
      },
    }),
    defineRoute({
      method: 'get',
      path: '/api/messages/:id',
      summary: 'One message, with its full text',
      tag: 'Messages',
      access: READ_OR_SIGNED_IN,
      params: messageId,
      responses: { 200: { description: 'The message', schema: messageSchema }, 404: { description: 'No such message of the account' } },
      handler: async ({ params, caller }) => json(200, messageView(unwrap(await useCases.getMessage.execute(keyScopeOf(caller), params.id)), false)),
    }),
    defineRoute({
      method: 'post',
      path: '/api/messages/:id/cancel',
      summary: 'Cancel a message not sent yet (scheduled or queued), with a refund',
      tag: 'Messages',
      access: SEND,
      params: messageId,
      responses: {
        200: { description: 'The message, now rejected with error_code cancelled', schema: messageSchema },
        404: { description: 'No such message of the account' },
        409: { description: 'Already handed to the carrier, or final' },
      },
      handler: async ({ params, caller }) => json(200, messageView(unwrap(await useCases.cancelMessages.cancelMessage(keyScopeOf(caller), params.id)), false)),
    }),
  ];
}
