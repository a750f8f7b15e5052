import { createShortLinkHost } from '@tuma/koa-adapter';
import { LINKS_TOKENS } from '@tuma/links';
import { ContainerModule } from 'inversify';
import { httpRateLimits } from '../../http-rate-limits.ts';
import type { ServerConfig } from '../../config.ts';
import { resolve } from '../../resolve.ts';
import { SERVER_TOKENS } from '../../tokens.ts';
import type { ServerModule } from '../server-module.ts';

/**
 * The short-link host (docs/links.md, "Redirects"): `/s/{slug}` on PORT, where SHORT_BASE_URL points
 * by default (`http://localhost:3000/s`), a host of its own beside the APIs (clicks answered below
 * Koa); the links module binds what it uses.
 */
export const shortLinksServerModule: ServerModule = {
  name: 'short-links',
  bindings: new ContainerModule(() => {}),
  pathApps: (container) => {
    const config: ServerConfig = resolve(container, SERVER_TOKENS.config);
    const host = createShortLinkHost({
      useCases: resolve(container, LINKS_TOKENS.links),
      basePath: '/s',
      logger: resolve(container, SERVER_TOKENS.logger),
      rateLimits: httpRateLimits(container, config),
      trustedProxyHops: config.trustedProxyHops,
      outages: resolve(container, SERVER_TOKENS.outage),
    });
    return [{ basePath: '/s', app: host }];
  },
};
