import { shortLinkRoutes } from '@tuma/koa-adapter';
import { LINKS_TOKENS } from '@tuma/links';
import { ContainerModule } from 'inversify';
import type { ServerConfig } from '../config.ts';
import { resolve } from '../resolve.ts';
import { SERVER_TOKENS } from '../tokens.ts';
import type { ServerModule } from './server-module.ts';

/**
 * The short links' redirects (docs/links.md, "Redirects"): `/s/{slug}` on the root app, where
 * SHORT_BASE_URL points by default (`http://localhost:3000/s`); the links module binds what they use.
 */
export const shortLinksServerModule: ServerModule = {
  name: 'short-links',
  bindings: new ContainerModule(() => {}),
  routes: (container) => {
    const config: ServerConfig = resolve(container, SERVER_TOKENS.config);
    return shortLinkRoutes(resolve(container, LINKS_TOKENS.links), { trustedProxyHops: config.trustedProxyHops });
  },
};
