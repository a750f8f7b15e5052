import type { MailService } from '@tuma/mail';
import { z } from 'zod';
import { defineRoute, json, noContent, type RouteDefinition } from '../../http/route.ts';
import { unwrap } from '../../http/unwrap.ts';
import { senderAddressSchema, senderAddressView } from './sender-address-views.ts';
import { MAIL_MANAGE, MAIL_READ } from './access.ts';

export type MailSenderAddressUseCases = Pick<MailService, 'addSenderAddress' | 'confirmSenderAddress' | 'listSenderAddresses' | 'getSenderAddress' | 'deleteSenderAddress'>;

const NOT_YOURS = { description: 'No sender address with this id in the account', errorCodes: ['not_found'] };
const idParams = z.object({ id: z.string().regex(/^sa_[0-9A-Z]{26}$/, 'Must be a sender address id (sa_...)') });

/** `/v1/sender-addresses`: single addresses an account sends from without a verified domain, once confirmed (docs/mail.md, "Sender addresses"). */
export function mailSenderAddressRoutes(useCases: MailSenderAddressUseCases): RouteDefinition[] {
  return [
    defineRoute({
      method: 'post',
      path: '/v1/sender-addresses',
      summary: 'Add a sender address: a confirmation link is mailed to it',
      tag: 'Sender addresses',
      access: MAIL_MANAGE,
      body: z.strictObject({
        email: z.string().max(1000).describe('The bare address'),
        name: z.string().max(1000).optional().describe("The From's name when a send gives none"),
      }),
      responses: {
        201: { description: 'The pending address (the link was mailed)', schema: senderAddressSchema },
        409: { description: 'The account has the address', errorCodes: ['sender_address_already_exists'], errorFields: { email: z.string() } },
      },
      handler: async ({ caller, body }) =>
        json(201, senderAddressView(unwrap(await useCases.addSenderAddress.execute({ accountId: caller.account.id, email: body.email, name: body.name })))),
    }),
    defineRoute({
      method: 'get',
      path: '/v1/sender-addresses/confirm',
      summary: 'Confirm a sender address: the link mailed to it (no key: its reader follows it)',
      tag: 'Sender addresses',
      access: { public: true },
      query: z.object({ token: z.string().max(2000).describe('The signed token of the link') }),
      responses: {
        200: { description: 'The confirmed address (confirming again answers the same)', schema: senderAddressSchema },
        400: { description: 'invalid_token: altered, expired, or of an address deleted since', errorCodes: ['invalid_token'], errorFields: { purpose: z.string() } },
      },
      handler: async ({ query }) => json(200, senderAddressView(unwrap(await useCases.confirmSenderAddress.execute({ token: query.token })))),
    }),
    defineRoute({
      method: 'get',
      path: '/v1/sender-addresses',
      summary: "The account's sender addresses, newest first",
      tag: 'Sender addresses',
      access: MAIL_READ,
      responses: { 200: { description: 'Every sender address', schema: z.object({ data: z.array(senderAddressSchema) }) } },
      handler: async ({ caller }) => json(200, { data: unwrap(await useCases.listSenderAddresses.execute(caller.account.id)).map(senderAddressView) }),
    }),
    defineRoute({
      method: 'get',
      path: '/v1/sender-addresses/:id',
      summary: 'A sender address',
      tag: 'Sender addresses',
      access: MAIL_READ,
      params: idParams,
      responses: { 200: { description: 'The sender address', schema: senderAddressSchema }, 404: NOT_YOURS },
      handler: async ({ caller, params }) => json(200, senderAddressView(unwrap(await useCases.getSenderAddress.execute({ accountId: caller.account.id, id: params.id })))),
    }),
    defineRoute({
      method: 'delete',
      path: '/v1/sender-addresses/:id',
      summary: 'Delete a sender address: it may no longer be a from',
      tag: 'Sender addresses',
      access: MAIL_MANAGE,
      params: idParams,
      responses: { 204: { description: 'Deleted' }, 404: NOT_YOURS },
      handler: async ({ caller, params }) => {
        unwrap(await useCases.deleteSenderAddress.execute({ accountId: caller.account.id, id: params.id }));
        return noContent();
      },
    }),
  ];
}
