import { isIP } from 'node:net';
import { createShortLinkHost, tlsAskRoutes } from '@tuma/koa-adapter';
import { hostOfHeader, LINKS_TOKENS } from '@tuma/links';
import { ContainerModule } from 'inversify';
import type { ServerConfig } from '../../config.ts';
import { httpRateLimits } from '../../http-rate-limits.ts';
import { resolve } from '../../resolve.ts';
import { SERVER_TOKENS } from '../../tokens.ts';
import type { ServerModule } from '../server-module.ts';

/**
 * Short links on verified branded domains (docs/links.md, "Branded domains"): a request on the
 * shared port whose `Host` is one goes to the short-link host at the root path (`/<slug>`), as
 * `/s/{slug}` does for the default domain; and Caddy's on-demand TLS `ask` endpoint
 * (`/internal/tls/ask`, root app).
 * The links module binds what they use.
 */
export const brandedLinksServerModule: ServerModule = {
  name: 'branded-links',
  bindings: new ContainerModule(() => {}),
  routes: (container) => tlsAskRoutes(resolve(container, LINKS_TOKENS.links)),
  hostApps: (container) => {
    const config: ServerConfig = resolve(container, SERVER_TOKENS.config);
    const links = resolve(container, LINKS_TOKENS.links);
    const urls = resolve(container, SERVER_TOKENS.publicUrls);
    // The APIs' public hostnames are set by configuration (the port may come later, the name not): read once.
    let apiHosts: ReadonlySet<string> | undefined;
    /** Our own APIs' hosts, addresses and localhost are never a customer's domain: answered without a lookup. */
    const ours = (hostname: string) =>
      hostname === 'localhost' || isIP(hostname.replace(/^\[|\]$/g, '')) !== 0 || (apiHosts ??= new Set(Object.values(urls).map((url) => new URL(url.value).hostname))).has(hostname);
    /** The branded domain a `Host` names; undefined at once (no promise, no lookup) for hosts that are ours, as every API request's is. */
    const candidate = (host: string): string | undefined => {
      const hostname = hostOfHeader(host);
      return hostname === undefined || ours(hostname) ? undefined : hostname;
    };
    const domainOf = async (host: string) => {
      const hostname = candidate(host);
      return hostname === undefined ? undefined : links.brandedHosts.domainOf(hostname);
    };
    const handle = createShortLinkHost({
      useCases: links,
      basePath: '',
      logger: resolve(container, SERVER_TOKENS.logger),
      rateLimits: httpRateLimits(container, config),
      trustedProxyHops: config.trustedProxyHops,
      outages: resolve(container, SERVER_TOKENS.outage),
      domainOf,
    });
    const serves = (host: string) => {
      const hostname = candidate(host);
      return hostname === undefined ? false : links.brandedHosts.domainOf(hostname).then((domainId) => domainId !== undefined);
    };
    return [{ serves, handle }];
  },
};
