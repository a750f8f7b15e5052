import type { BrandedDomainSnapshot, LinksService } from '@tuma/links';
import { BrandedDomain } from '@tuma/links';
import { z } from 'zod';
import { OPERATION_IDS } from '../../http/operation-ids.ts';
import { defineRoute, json, noContent, type RouteDefinition } from '../../http/route.ts';
import { unwrap } from '../../http/unwrap.ts';
import { LINKS_READ, LINKS_WRITE } from './access.ts';

export type LinkDomainUseCases = Pick<LinksService, 'addBrandedDomain' | 'listBrandedDomains' | 'getBrandedDomain' | 'verifyBrandedDomain' | 'deleteBrandedDomain'>;

const TAG = 'Branded domains';
const NOT_FOUND = { description: 'No such domain in the account', errorCodes: ['not_found'] };

/** The spec's Branded domain: `txt_record` while pending only. */
const domainSchema = z.object({
  id: z.string().describe('bdm_...'),
  hostname: z.string(),
  verified: z.boolean(),
  tls_ready: z.boolean().describe('A certificate is served for it (checked when verified, and on each verify until ready)'),
  verify_token: z.string(),
  txt_record: z.string().optional().describe('While pending: `_svc-links.<hostname> TXT <verify_token>`, the record to publish'),
  created_at: z.string(),
});

const domainView = (domain: BrandedDomainSnapshot): z.infer<typeof domainSchema> => ({
  id: domain.id,
  hostname: domain.hostname,
  verified: domain.verified,
  tls_ready: domain.tlsReady,
  verify_token: domain.verifyToken,
  ...(domain.verified ? {} : { txt_record: BrandedDomain.rehydrate(domain).txtRecord }),
  created_at: domain.createdAt.toISOString(),
});

const domainParams = z.object({ id: z.string().min(1).max(64) });

/** The body of `POST /v1/domains` (the console's form is checked by it too). */
export const linkDomainBody = z.strictObject({ hostname: z.string().min(1).max(300).describe('A bare hostname, e.g. go.example.com (IDNs in Unicode or punycode)') });

/** `{links_url}/v1/domains` (docs/links.md, "Branded domains"): the spec's rows, and one domain by id. */
export function linkDomainRoutes(useCases: LinkDomainUseCases): RouteDefinition[] {
  return [
    defineRoute({
      method: 'post',
      path: '/v1/domains',
      operationId: OPERATION_IDS['links POST /v1/domains'],
      summary: 'Add a branded domain: pending until its TXT record is published and verified',
      tag: TAG,
      access: LINKS_WRITE,
      body: linkDomainBody,
      responses: {
        201: { description: 'The domain, with the TXT record to publish', schema: domainSchema },
        402: {
          description: "plan_limit_reached: the plan's max_domains are held (pending ones count)",
          errorCodes: ['plan_limit_reached'],
          errorFields: { product: z.literal('links'), tier: z.string(), resource: z.enum(['max_domains', 'api_monthly']), limit: z.number().int() },
        },
        403: { description: 'plan_feature_unavailable: the plan has no branded domains (or the key lacks links:write)', errorCodes: ['plan_feature_unavailable', 'insufficient_scope'] },
        409: { description: 'hostname_taken: the hostname is already registered (by any account)', errorCodes: ['hostname_taken'], errorFields: { hostname: z.string() } },
      },
      handler: async ({ caller, body }) => json(201, domainView(unwrap(await useCases.addBrandedDomain.execute({ accountId: caller.account.id, hostname: body.hostname })))),
    }),
    defineRoute({
      method: 'get',
      path: '/v1/domains',
      operationId: OPERATION_IDS['links GET /v1/domains'],
      summary: "The account's branded domains, oldest first; pending ones include txt_record",
      tag: TAG,
      access: LINKS_READ,
      responses: { 200: { description: 'Every domain', schema: z.array(domainSchema) } },
      handler: async ({ caller }) => json(200, unwrap(await useCases.listBrandedDomains.execute(caller.account.id)).map(domainView)),
    }),
    defineRoute({
      method: 'get',
      path: '/v1/domains/:id',
      operationId: OPERATION_IDS['links GET /v1/domains/{id}'],
      summary: 'A branded domain',
      tag: TAG,
      access: LINKS_READ,
      params: domainParams,
      responses: { 200: { description: 'The domain', schema: domainSchema }, 404: NOT_FOUND },
      handler: async ({ caller, params }) => json(200, domainView(unwrap(await useCases.getBrandedDomain.execute({ accountId: caller.account.id, id: params.id })))),
    }),
    defineRoute({
      method: 'post',
      path: '/v1/domains/:id/verify',
      operationId: OPERATION_IDS['links POST /v1/domains/{id}/verify'],
      summary: 'Check the TXT record (_svc-links.<hostname>): verified when it holds the token; then its certificate is asked for',
      tag: TAG,
      access: LINKS_WRITE,
      params: domainParams,
      responses: {
        200: { description: 'The domain, verified (tls_ready once a certificate is served)', schema: domainSchema },
        400: {
          description: 'txt_record_not_found: the record is not there yet (reason not_found), or DNS did not answer (dns_failed)',
          errorCodes: ['txt_record_not_found'],
          errorFields: { txt_record: z.string(), reason: z.enum(['not_found', 'dns_failed']) },
        },
        404: NOT_FOUND,
      },
      handler: async ({ caller, params }) => json(200, domainView(unwrap(await useCases.verifyBrandedDomain.execute({ accountId: caller.account.id, id: params.id })))),
    }),
    defineRoute({
      method: 'delete',
      path: '/v1/domains/:id',
      operationId: OPERATION_IDS['links DELETE /v1/domains/{id}'],
      summary: 'Delete a branded domain and every link on it (their short URLs answer 404 from then on)',
      tag: TAG,
      access: LINKS_WRITE,
      params: domainParams,
      responses: { 204: { description: 'Deleted, with its links' }, 404: NOT_FOUND },
      handler: async ({ caller, params }) => {
        unwrap(await useCases.deleteBrandedDomain.execute({ accountId: caller.account.id, id: params.id }));
        return noContent();
      },
    }),
  ];
}
