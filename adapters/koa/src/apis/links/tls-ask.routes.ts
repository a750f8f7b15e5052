import type { LinksService } from '@tuma/links';
import { z } from 'zod';
import { defineRoute, json, type RouteDefinition } from '../../http/route.ts';

const PUBLIC = { public: true } as const;

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
