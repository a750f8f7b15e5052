import { SENDER_ID_MAX_COUNTRIES, SENDER_ID_MAX_LENGTH, SENDER_ID_USE_CASE_MAX_LENGTH, type ListSenderIds, type RequestSenderId } from '@tuma/messaging';
import { z } from 'zod';
import { defineRoute, json, type RouteDefinition } from '../../http/route.ts';
import { unwrap } from '../../http/unwrap.ts';
import { senderIdReceiptSchema, senderIdReceiptView, senderIdSchema, senderIdView } from './sender-id-views.ts';

export interface SenderIdUseCases {
  readonly requestSenderId: RequestSenderId;
  readonly listSenderIds: ListSenderIds;
}

const requestBody = z.strictObject({
  name: z
    .string()
    .min(1)
    .max(SENDER_ID_MAX_LENGTH)
    .describe('1 to 11 characters: letters, digits, space and & - . _, at least one letter; case-sensitive'),
  countries: z
    .array(z.string().max(8))
    .min(1)
    .max(SENDER_ID_MAX_COUNTRIES)
    .describe('ISO 3166-1 alpha-2 codes of our markets, any case; duplicates collapse'),
  use_case: z.string().max(SENDER_ID_USE_CASE_MAX_LENGTH).nullable().optional().describe('What the sender ID is for (OTP, receipts, marketing, ...)'),
});

const READ = { anyScope: ['query', 'send'] } as const;
/** A request's approval charges the live wallet: live keys only. */
const WRITE = { anyScope: ['send'], liveKeysOnly: true } as const;

/** The caller's sender IDs: `GET /api/sender-ids` and `POST /api/sender-ids` (a registration request). */
export function senderIdRoutes(useCases: SenderIdUseCases): RouteDefinition[] {
  return [
    defineRoute({
      method: 'get',
      path: '/api/sender-ids',
      summary: "The caller's sender IDs, newest first",
      tag: 'Sender IDs',
      access: READ,
      responses: { 200: { description: 'Every request of the account, pending, approved or rejected', schema: z.array(senderIdSchema) } },
      handler: async ({ principal }) => json(200, unwrap(await useCases.listSenderIds.execute({ accountId: principal.account.id })).map(senderIdView)),
    }),
    defineRoute({
      method: 'post',
      path: '/api/sender-ids',
      summary: 'Request a sender ID in some countries; the fee is charged only on approval',
      tag: 'Sender IDs',
      access: WRITE,
      body: requestBody,
      responses: {
        201: { description: 'The pending request and the flat fees approval will take', schema: senderIdReceiptSchema },
        409: { description: 'The account already has this name pending or approved in some of the countries (named in `countries`)' },
      },
      handler: async ({ principal, body }) => {
        const result = await useCases.requestSenderId.execute({
          accountId: principal.account.id,
          name: body.name,
          countries: body.countries,
          useCase: body.use_case,
        });
        return json(201, senderIdReceiptView(unwrap(result)));
      },
    }),
  ];
}
