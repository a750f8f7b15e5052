import type { LinksService } from '@tuma/links';
import { z } from 'zod';
import { htmlPage } from '../http/html.ts';
import { defineRoute, json, type RouteDefinition } from '../http/route.ts';
import { unwrap } from '../http/unwrap.ts';
import { linkNotFoundView, linkPasswordView } from '../pages/short-link-views.ts';
import { answer, visitOf, type ShortLinkOptions } from './short-links.routes.ts';

export type BrandedLinkUseCases = Pick<LinksService, 'followLink' | 'unlockLink' | 'brandedHosts'>;

const PUBLIC = { public: true } as const;
const PAGE = (description: string) => ({ description, contentType: 'text/html', schema: z.string() });
const slugParams = z.object({ slug: z.string().max(64).describe('The short link’s slug on this branded domain') });
const passwordForm = z.string().transform((text) => new URLSearchParams(text).get('password') ?? '');

/**
 * Short links on verified branded domains (docs/links.md, "Branded domains"): `https://<hostname>/<slug>`,
 * served to requests whose `Host` is such a domain (the shared port sends them here). The same
 * redirects as `/s/{slug}` (302, 410, password page, 404, the click recorded off the request path),
 * the link looked up by (domain, slug) through the redirects' cache.
 */
export function brandedLinkRoutes(useCases: BrandedLinkUseCases, options: ShortLinkOptions): RouteDefinition[] {
  const domainOf = (host: string) => useCases.brandedHosts.domainOf(host);
  return [
    defineRoute({
      method: 'get',
      path: '/',
      summary: "A branded domain's root: no link there",
      tag: 'Short links',
      access: PUBLIC,
      withoutDatabase: true,
      responses: { 404: PAGE('No link at the root') },
      handler: async () => htmlPage(404, linkNotFoundView()),
    }),
    defineRoute({
      method: 'get',
      path: '/:slug',
      summary: 'Follow a short link of this branded domain',
      tag: 'Short links',
      access: PUBLIC,
      params: slugParams,
      withoutDatabase: true,
      responses: {
        200: PAGE('The password page of a protected link'),
        302: { description: 'To the target (Location), or to the expired URL after expires_at' },
        404: PAGE('No such link'),
        410: PAGE('The link expired and has no expired_url'),
      },
      handler: async ({ params, koa }) => {
        const domainId = await domainOf(koa.get('Host'));
        if (domainId === undefined) return htmlPage(404, linkNotFoundView());
        const destination = await useCases.followLink.execute({ domainId, slug: params.slug }, visitOf(koa, options.trustedProxyHops));
        if (destination.isErr()) return htmlPage(404, linkNotFoundView());
        return answer(params.slug, destination.value);
      },
    }),
    defineRoute({
      method: 'post',
      path: '/:slug',
      summary: "A protected link's password form on this branded domain",
      tag: 'Short links',
      access: PUBLIC,
      params: slugParams,
      withoutDatabase: true,
      rawBody: { contentTypes: ['application/x-www-form-urlencoded'], limitBytes: 4096 },
      body: passwordForm,
      responses: {
        302: { description: 'To the target (Location)' },
        403: PAGE('The password page again: that password is not right'),
        404: PAGE('No such link'),
        410: PAGE('The link expired and has no expired_url'),
      },
      handler: async ({ params, body, koa }) => {
        const domainId = await domainOf(koa.get('Host'));
        if (domainId === undefined) return htmlPage(404, linkNotFoundView());
        const unlocked = await useCases.unlockLink.execute({ domainId, slug: params.slug, password: body }, visitOf(koa, options.trustedProxyHops));
        if (unlocked.isErr() && unlocked.error.type === 'not_found') return htmlPage(404, linkNotFoundView());
        if (unlocked.isErr() && unlocked.error.type === 'wrong_link_password') return htmlPage(403, linkPasswordView(params.slug, true));
        return answer(params.slug, unwrap(unlocked));
      },
    }),
  ];
}

export type TlsAskUseCases = Pick<LinksService, 'brandedHosts'>;

/**
 * Caddy's on-demand TLS `ask` endpoint (docs/links.md, "TLS"): before Caddy asks a CA for a
 * certificate for `domain`, it asks here; 200 only for a verified branded domain, 404 otherwise,
 * so no one can make us fetch certificates for names that are not our customers'.
 */
export function tlsAskRoutes(useCases: TlsAskUseCases): RouteDefinition[] {
  return [
    defineRoute({
      method: 'get',
      path: '/internal/tls/ask',
      summary: "Caddy's on-demand TLS ask: 200 for a verified branded domain, 404 otherwise",
      tag: 'Short links',
      access: PUBLIC,
      withoutDatabase: true,
      query: z.object({ domain: z.string().min(1).max(300) }),
      responses: { 200: { description: 'A verified branded domain: a certificate may be issued', schema: z.object({ domain: z.string() }) }, 404: { description: 'Not a verified branded domain', errorCodes: ['not_found'] } },
      handler: async ({ query }) => {
        if (!(await useCases.brandedHosts.servesTls(query.domain))) return json(404, { error: { code: 'not_found', message: `${query.domain} is not a verified branded domain` } });
        return json(200, { domain: query.domain });
      },
    }),
  ];
}
