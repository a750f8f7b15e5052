import type { LinkDestination, LinksService, Visit } from '@tuma/links';
import type { Context } from 'koa';
import { z } from 'zod';
import { htmlPage } from '../http/html.ts';
import { clientAddress } from '../http/rate-limit.ts';
import { defineRoute, type HttpResult, type RouteDefinition } from '../http/route.ts';
import { unwrap } from '../http/unwrap.ts';
import { linkExpiredView, linkNotFoundView, linkPasswordView } from '../pages/short-link-views.ts';

export type ShortLinkUseCases = Pick<LinksService, 'followLink' | 'unlockLink'>;

export interface ShortLinkOptions {
  /** TRUST_PROXY_HOPS: the visitor's address comes from X-Forwarded-For only behind that many trusted proxies. */
  readonly trustedProxyHops: number;
}

const PUBLIC = { public: true } as const;
const PAGE = (description: string) => ({ description, contentType: 'text/html', schema: z.string() });
/** Every click must reach us to be counted: no cache may answer for us. */
export const UNCACHED = { 'Cache-Control': 'private, no-store, max-age=0', 'Referrer-Policy': 'unsafe-url' };
const slugParams = z.object({ slug: z.string().max(64).describe('The short link’s slug') });
/** The password form's body (application/x-www-form-urlencoded). */
const passwordForm = z.string().transform((text) => new URLSearchParams(text).get('password') ?? '');

export const visitOf = (koa: Context, hops: number): Visit => ({ address: clientAddress(koa, hops), userAgent: koa.get('User-Agent'), referer: koa.get('Referer') || undefined });

export function answer(slug: string, destination: LinkDestination): HttpResult {
  switch (destination.kind) {
    case 'redirect':
      return { status: 302, headers: { Location: destination.location, ...UNCACHED } };
    case 'expired':
      return destination.location ? { status: 302, headers: { Location: destination.location, ...UNCACHED } } : htmlPage(410, linkExpiredView());
    case 'password_required':
      return htmlPage(200, linkPasswordView(slug, false));
  }
}

/**
 * `{SHORT_BASE_URL}/{slug}` (docs/links.md, "Redirects"): served by the root app at `/s/{slug}`.
 * Public: a browser following a short link carries no key. The click is recorded off the request path.
 */
export function shortLinkRoutes(useCases: ShortLinkUseCases, options: ShortLinkOptions): RouteDefinition[] {
  return [
    defineRoute({
      method: 'get',
      path: '/s/:slug',
      summary: 'Follow a short link: 302 to its target (UTM merged), its expired URL, or its password page',
      tag: 'Short links',
      access: PUBLIC,
      params: slugParams,
      // The link is read through the redirects' cache, which opens a database context only on a miss.
      withoutDatabase: true,
      responses: {
        200: PAGE('The password page of a protected link'),
        302: { description: 'To the target (Location), or to the expired URL after expires_at' },
        404: PAGE('No such link'),
        410: PAGE('The link expired and has no expired_url'),
      },
      handler: async ({ params, koa }) => {
        const destination = await useCases.followLink.execute({ slug: params.slug }, visitOf(koa, options.trustedProxyHops));
        if (destination.isErr()) return htmlPage(404, linkNotFoundView());
        return answer(params.slug, destination.value);
      },
    }),
    defineRoute({
      method: 'post',
      path: '/s/:slug',
      summary: "A protected link's password form: the right password redirects (and counts the click)",
      tag: 'Short links',
      access: PUBLIC,
      params: slugParams,
      rawBody: { contentTypes: ['application/x-www-form-urlencoded'], limitBytes: 4096 },
      body: passwordForm,
      responses: {
        302: { description: 'To the target (Location)' },
        403: PAGE('The password page again: that password is not right'),
        404: PAGE('No such link'),
        410: PAGE('The link expired and has no expired_url'),
      },
      handler: async ({ params, body, koa }) => {
        const unlocked = await useCases.unlockLink.execute({ slug: params.slug, password: body }, visitOf(koa, options.trustedProxyHops));
        if (unlocked.isErr() && unlocked.error.type === 'not_found') return htmlPage(404, linkNotFoundView());
        if (unlocked.isErr() && unlocked.error.type === 'wrong_link_password') return htmlPage(403, linkPasswordView(params.slug, true));
        return answer(params.slug, unwrap(unlocked));
      },
    }),
  ];
}
