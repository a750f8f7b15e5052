import type { NotFoundError, Result } from '@tuma/kernel';
import { INBOUND_CARRIER_MESSAGE_ID_MAX_LENGTH, INBOUND_TEXT_MAX_LENGTH, INBOUND_TO_MAX_LENGTH, type ReceiveInboundMessage } from '@tuma/messaging';
import type { InvalidSignatureError, ReceivedHeaders } from '@tuma/webhooks';
import { z } from 'zod';
import { located } from '../../http/located.ts';
import { defineRoute, json, type RouteDefinition } from '../../http/route.ts';
import { unwrap } from '../../http/unwrap.ts';

/** Tells whether a push comes from the configured provider it names. */
export type InboundPushAuthenticator = (provider: string, rawBody: string, headers: ReceivedHeaders) => Result<void, NotFoundError | InvalidSignatureError>;

export interface InboundPushUseCases {
  readonly authenticatePush: InboundPushAuthenticator;
  readonly receiveInboundMessage: ReceiveInboundMessage;
}

/** Names of push providers: what `INBOUND_SECRETS` configures, and the `http:<provider>` carrier of their messages. */
export const INBOUND_PROVIDER_NAME = /^[a-z0-9][a-z0-9-]{0,31}$/;

/** The fields of an inbound message, as aggregators push them and as the simulator takes them. */
export const inboundMessageBody = z.object({
  from: z.string().min(1).max(64).describe('The texter, international format (the + may be left out)'),
  to: z.string().min(1).max(INBOUND_TO_MAX_LENGTH).describe('Our number, short code or sender ID it was sent to'),
  text: z.string().max(INBOUND_TEXT_MAX_LENGTH),
  carrier_message_id: z
    .string()
    .min(1)
    .max(INBOUND_CARRIER_MESSAGE_ID_MAX_LENGTH)
    .optional()
    .describe('The sender\'s own id of the message: a second push with the same id is taken once'),
});

const receiptSchema = z.object({
  message_id: z.string().describe('mo_...'),
  status: z.literal('received'),
  duplicate: z.boolean().describe('true when this message was pushed before; nothing was done again'),
});

/**
 * `POST /api/inbound/{provider}`: inbound messages pushed by an aggregator. Public at the HTTP level
 * and authenticated by a signature over the raw body with the provider's secret (`Tuma-Signature`,
 * docs/inbound.md); nothing is stored unless it verifies.
 */
export function inboundPushRoutes(useCases: InboundPushUseCases): RouteDefinition[] {
  return [
    defineRoute({
      method: 'post',
      path: '/api/inbound/:provider',
      summary: 'An inbound message pushed by an aggregator (signed with its secret)',
      tag: 'Inbound',
      access: { public: true },
      params: z.object({ provider: z.string().regex(INBOUND_PROVIDER_NAME, 'A provider name: lower-case letters, digits and dashes') }),
      body: inboundMessageBody,
      responses: {
        200: { description: 'Stored (or stored before)', schema: receiptSchema },
        400: { description: 'invalid_webhook: missing or wrong signature, or a timestamp beyond 300 s; invalid_phone_number: `from` is no number' },
        404: { description: 'not_found: no provider of that name is configured' },
      },
      handler: async ({ params, body, koa }) => {
        const rawBody = typeof koa.state.rawBody === 'string' ? koa.state.rawBody : '';
        unwrap(useCases.authenticatePush(params.provider, rawBody, koa.headers));
        const result = await useCases.receiveInboundMessage.execute({
          from: body.from,
          to: body.to,
          text: body.text,
          carrier: `http:${params.provider}`,
          carrierMessageId: body.carrier_message_id ?? null,
        });
        const { message, duplicate } = unwrap(result.mapErr(located('body')));
        return json(200, { message_id: message.id, status: 'received', duplicate });
      },
    }),
  ];
}
