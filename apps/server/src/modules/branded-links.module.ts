import { isIP } from 'node:net';
import { brandedLinkRoutes, tlsAskRoutes } from '@tuma/koa-adapter';
import { hostOfHeader, LINKS_TOKENS } from '@tuma/links';
import { ContainerModule } from 'inversify';
import type { ServerConfig } from '../config.ts';
import { resolve } from '../resolve.ts';
import { SERVER_TOKENS } from '../tokens.ts';
import type { ServerModule } from './server-module.ts';

/**
 * Short links on verified branded domains (docs/links.md, "Branded domains"): a request on the
 * shared port whose `Host` is one is answered at the root path (`/<slug>`) as `/s/{slug}` is for
 * the default domain; and Caddy's on-demand TLS `ask` endpoint (`/internal/tls/ask`, root app).
 * The links module binds what they use.
 */
export const brandedLinksServerModule: ServerModule = {
  name: 'branded-links',
  bindings: new ContainerModule(() => {}),
  routes: (container) => tlsAskRoutes(resolve(container, LINKS_TOKENS.links)),
  hosted: (container) => {
    const config: ServerConfig = resolve(container, SERVER_TOKENS.config);
    const links = resolve(container, LINKS_TOKENS.links);
    const urls = resolve(container, SERVER_TOKENS.publicUrls);
    /** Our own APIs' hosts, addresses and localhost are never a customer's domain: answered without a lookup. */
    const ours = (hostname: string) => hostname === 'localhost' || isIP(hostname.replace(/^\[|\]$/g, '')) !== 0 || Object.values(urls).some((url) => new URL(url.value).hostname === hostname);
    return {
      title: 'Tuma short links on branded domains',
      serves: (host) => {
        const hostname = hostOfHeader(host);
        if (hostname === undefined || ours(hostname)) return false;
        return links.brandedHosts.domainOf(hostname).then((domainId) => domainId !== undefined);
      },
      routes: brandedLinkRoutes(links, { trustedProxyHops: config.trustedProxyHops }),
    };
  },
};
