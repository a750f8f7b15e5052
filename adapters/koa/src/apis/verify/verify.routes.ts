import type { Principal } from '@tuma/accounts';
import type { Sender } from '@tuma/messaging';
import type { Result } from '@tuma/kernel';
import { VERIFICATION_STATUSES, type StartedVerification, type StartVerificationError, type VerificationService } from '@tuma/verification';
import { z } from 'zod';
import { keyScopeOf } from '../../http/key-scope-of.ts';
import { defineRoute, json, type RouteDefinition } from '../../http/route.ts';
import { unwrap } from '../../http/unwrap.ts';
import { checkedSchema, startedSchema, startedView, verificationSchema, verificationView } from './verify-views.ts';

export type VerifyUseCases = Pick<VerificationService, 'startVerification' | 'checkVerification' | 'resendVerification' | 'cancelVerification' | 'getVerification' | 'listVerifications'>;

/** Scopes (issue 13): `send` starts, checks, resends and cancels; `query` reads. */
const SEND = { anyScope: ['send'] } as const;
const READ = { anyScope: ['query'] } as const;

const senderOf = (principal: Principal): Sender => ({
  accountId: principal.account.id,
  apiKeyId: principal.apiKey.id,
  environment: principal.apiKey.environment,
  walletCurrency: principal.account.walletCurrency,
});

const startAnswer = (started: Result<StartedVerification, StartVerificationError>) => json(201, startedView(unwrap(started)));

const verificationId = z.string().regex(/^ver_[0-9A-Z]{26}$/, 'Must be a verification id (ver_...)');
const idParams = z.object({ id: verificationId });
const NOT_YOURS = { description: 'No verification with this id for this key (another account, or the other environment)' };
const RETRY_LATER = (codes: string[], description: string) => ({ description, errorCodes: codes, errorFields: { retry_after: z.number().int().describe('Seconds; also in Retry-After') } });

/** Verify: one-time passcodes by SMS (docs/verify.md). */
export function verifyRoutes(useCases: VerifyUseCases): RouteDefinition[] {
  return [
    defineRoute({
      method: 'post',
      path: '/v1/verify/start',
      summary: "Send a one-time code to a number (the app's template, priced and charged as an SMS)",
      tag: 'Verify',
      access: SEND,
      idempotent: true,
      body: z.object({
        to: z.string().min(1).describe('International format').meta({ examples: ['+254712345678'] }),
        app_id: z.string().regex(/^vera_[0-9A-Z]{26}$/, 'Must be a Verify App id (vera_...)').optional().describe("A Verify App; the account's default app when left out"),
        channel: z.literal('sms', { error: 'Only sms is offered' }).default('sms'),
        locale: z.string().min(2).max(35).optional().describe('Accepted for compatibility; the app template is the text (docs/verify.md)'),
      }),
      responses: {
        201: { description: 'Pending: the code is on its way (test keys: sandbox_code, no SMS, no charge)', schema: startedSchema },
        400: { description: 'invalid_phone_number, unroutable, country_not_allowed (the app), recipient_opted_out', errorCodes: ['invalid_phone_number', 'unroutable', 'country_not_allowed', 'recipient_opted_out'] },
        402: { description: 'insufficient_balance: the SMS cannot be paid', errorCodes: ['insufficient_balance'] },
        404: { description: 'No Verify App with this app_id in the account' },
        429: RETRY_LATER(['rate_limited'], 'rate_limited: too many verifications to this number (5 an hour) or to this country from the account'),
        502: { description: 'otp_send_failed: the carrier refused the SMS; its charge is refunded and the verification is failed', errorCodes: ['otp_send_failed'], errorFields: { message_id: z.string(), error_code: z.string().nullable() } },
      },
      handler: async ({ principal, body, idempotency }) => {
        const started = await useCases.startVerification.execute({ sender: senderOf(principal), to: body.to, appId: body.app_id, idempotency: idempotency?.answeredBy(startAnswer) });
        return startAnswer(started);
      },
    }),
    defineRoute({
      method: 'post',
      path: '/v1/verify/check',
      summary: 'Check a code',
      tag: 'Verify',
      access: SEND,
      body: z.object({ verification_id: verificationId, code: z.string().min(1, 'The code must not be empty').max(20) }),
      responses: { 200: { description: 'valid: whether this code approved it (a wrong one uses an attempt)', schema: checkedSchema }, 404: NOT_YOURS },
      handler: async ({ caller, body }) => {
        const checked = unwrap(await useCases.checkVerification.execute(keyScopeOf(caller), body.verification_id, body.code));
        return json(200, { id: checked.verification.id, status: checked.status, valid: checked.valid, attempts_left: checked.attemptsLeft });
      },
    }),
    defineRoute({
      method: 'get',
      path: '/v1/verify',
      summary: "The key's verifications, newest first",
      tag: 'Verify',
      access: READ,
      query: z.object({
        status: z.enum(VERIFICATION_STATUSES).optional(),
        to: z.string().regex(/^\+[1-9]\d{6,14}$/, 'Must be an E.164 number (+254712345678)').optional(),
        page: z.coerce.number().int().min(0).default(0),
        limit: z.coerce.number().int().min(1).max(100).default(20),
      }),
      responses: { 200: { description: 'A page', schema: z.object({ verifications: z.array(verificationSchema), total: z.number().int(), page: z.number().int(), limit: z.number().int() }) } },
      handler: async ({ query, caller }) => {
        const page = unwrap(await useCases.listVerifications.execute({ ...keyScopeOf(caller), status: query.status, to: query.to, page: query.page, limit: query.limit }));
        return json(200, { verifications: page.items.map(verificationView), total: page.total, page: query.page, limit: query.limit });
      },
    }),
    defineRoute({
      method: 'get',
      path: '/v1/verify/:id',
      summary: 'A verification',
      tag: 'Verify',
      access: READ,
      params: idParams,
      responses: { 200: { description: 'As of now (a passed expiry shows as expired)', schema: verificationSchema }, 404: NOT_YOURS },
      handler: async ({ caller, params }) => json(200, verificationView(unwrap(await useCases.getVerification.execute({ scope: keyScopeOf(caller), id: params.id })))),
    }),
    defineRoute({
      method: 'post',
      path: '/v1/verify/:id/resend',
      summary: 'Send a new code for the same verification (the old one stops working)',
      tag: 'Verify',
      access: SEND,
      params: idParams,
      responses: {
        200: { description: 'Pending with a new code and expiry', schema: startedSchema },
        404: NOT_YOURS,
        409: { description: 'verification_not_pending', errorCodes: ['verification_not_pending'] },
        429: RETRY_LATER(['resend_too_soon', 'max_sends_reached'], 'resend_too_soon (the cooldown) or max_sends_reached'),
        502: { description: 'otp_send_failed: the carrier refused the SMS (refunded); the send is used', errorCodes: ['otp_send_failed'] },
      },
      handler: async ({ principal, params }) => json(200, startedView(unwrap(await useCases.resendVerification.execute(senderOf(principal), params.id)))),
    }),
    defineRoute({
      method: 'post',
      path: '/v1/verify/:id/cancel',
      summary: 'Cancel a pending verification',
      tag: 'Verify',
      access: SEND,
      params: idParams,
      responses: { 200: { description: 'Canceled', schema: verificationSchema }, 404: NOT_YOURS, 409: { description: 'verification_not_pending', errorCodes: ['verification_not_pending'] } },
      handler: async ({ caller, params }) => json(200, verificationView(unwrap(await useCases.cancelVerification.execute(keyScopeOf(caller), params.id)))),
    }),
  ];
}
