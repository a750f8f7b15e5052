import { RECORD_PURPOSES, RECORD_STATUSES, type MailService } from '@tuma/mail';
import { z } from 'zod';
import { defineRoute, json, noContent, type RouteDefinition } from '../../http/route.ts';
import { unwrap } from '../../http/unwrap.ts';
import { mailDomainSchema, mailDomainView } from './domain-views.ts';
import { MAIL_MANAGE, MAIL_READ } from './access.ts';

export type MailDomainUseCases = Pick<MailService, 'addDomain' | 'listDomains' | 'getDomain' | 'verifyDomain' | 'updateDomainTracking' | 'deleteDomain'>;

const NOT_YOURS = { description: 'No domain with this id in the account', errorCodes: ['not_found'] };

export const mailDomainBody = z.strictObject({
  name: z.string().min(1).max(300).describe('example.com, or a subdomain (mail.example.com)'),
  region: z.string().max(32).optional().describe('af-south-1 (default), eu-west-1 or us-east-1'),
});

const domainParams = z.object({ id: z.string().regex(/^dom_[0-9A-Z]{26}$/, 'Must be a domain id (dom_...)') });

/** `/v1/domains`: add, list, read, verify against DNS, tracking flags, delete (docs/mail.md, "Routes"). */
export function mailDomainRoutes(mail: MailDomainUseCases): RouteDefinition[] {
  return [
    defineRoute({
      method: 'post',
      path: '/v1/domains',
      summary: 'Add a sending domain: a DKIM key and the DNS records to publish',
      tag: 'Domains',
      access: MAIL_MANAGE,
      body: mailDomainBody,
      responses: {
        201: { description: 'The pending domain and its records', schema: mailDomainSchema },
        409: { description: 'The account has the name, or another account verified it', errorCodes: ['domain_already_exists'], errorFields: { name: z.string() } },
      },
      handler: async ({ caller, body }) =>
        json(201, mailDomainView(unwrap(await mail.addDomain.execute({ accountId: caller.account.id, name: body.name, region: body.region })))),
    }),
    defineRoute({
      method: 'get',
      path: '/v1/domains',
      summary: "The account's domains",
      tag: 'Domains',
      access: MAIL_READ,
      responses: { 200: { description: 'Every domain', schema: z.object({ data: z.array(mailDomainSchema) }) } },
      handler: async ({ caller }) => json(200, { data: unwrap(await mail.listDomains.execute(caller.account.id)).map(mailDomainView) }),
    }),
    defineRoute({
      method: 'get',
      path: '/v1/domains/:id',
      summary: 'A domain with the last check of its records (no lookup)',
      tag: 'Domains',
      access: MAIL_READ,
      params: domainParams,
      responses: { 200: { description: 'The domain', schema: mailDomainSchema }, 404: NOT_YOURS },
      handler: async ({ caller, params }) => json(200, mailDomainView(unwrap(await mail.getDomain.execute({ accountId: caller.account.id, domainId: params.id })))),
    }),
    defineRoute({
      method: 'post',
      path: '/v1/domains/:id/verify',
      summary: 'Look the records up in DNS now; verified when SPF and DKIM are found',
      tag: 'Domains',
      access: MAIL_MANAGE,
      params: domainParams,
      responses: {
        200: { description: 'The verified domain', schema: mailDomainSchema },
        400: {
          description: 'Required records not found (their statuses are kept: GET shows them)',
          errorCodes: ['dns_records_not_found'],
          errorFields: { missing: z.array(z.object({ purpose: z.enum(RECORD_PURPOSES), host: z.string(), status: z.enum(RECORD_STATUSES) })) },
        },
        404: NOT_YOURS,
      },
      handler: async ({ caller, params }) => json(200, mailDomainView(unwrap(await mail.verifyDomain.execute({ accountId: caller.account.id, domainId: params.id })))),
    }),
    defineRoute({
      method: 'patch',
      path: '/v1/domains/:id',
      summary: 'Turn open and click tracking on or off',
      tag: 'Domains',
      access: MAIL_MANAGE,
      params: domainParams,
      body: z.strictObject({ open_tracking: z.boolean().optional(), click_tracking: z.boolean().optional() }),
      responses: { 200: { description: 'The domain', schema: mailDomainSchema }, 404: NOT_YOURS },
      handler: async ({ caller, params, body }) =>
        json(
          200,
          mailDomainView(unwrap(await mail.updateDomainTracking.execute({ accountId: caller.account.id, domainId: params.id, openTracking: body.open_tracking, clickTracking: body.click_tracking }))),
        ),
    }),
    defineRoute({
      method: 'delete',
      path: '/v1/domains/:id',
      summary: 'Delete a domain and its key',
      tag: 'Domains',
      access: MAIL_MANAGE,
      params: domainParams,
      responses: { 204: { description: 'Deleted' }, 404: NOT_YOURS },
      handler: async ({ caller, params }) => {
        unwrap(await mail.deleteDomain.execute({ accountId: caller.account.id, domainId: params.id }));
        return noContent();
      },
    }),
  ];
}
