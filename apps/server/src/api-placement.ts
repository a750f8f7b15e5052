import { API_NAMES, type ApiName } from '@tuma/koa-adapter';
import type { MovableApi, ServerConfig } from './config.ts';
import { PublicBaseUrl } from './public-base-url.ts';

/** Where one API listens. */
export interface ApiPlacement {
  /** On PORT, with the SMS API (rather than on a port of its own). */
  readonly shared: boolean;
  /** As configured: PORT or the API's own port (0: any free one). */
  readonly port: number;
  /** `/mail` on PORT; '' at the root (SMS, and an API on a port of its own). */
  readonly basePath: string;
}

/**
 * SMS (with Verify and Two-Way) at the root of PORT; the account service, the mail and the links
 * APIs under `/auth`, `/mail`, `/links` on PORT, or at the root of their own port when given one.
 * An API given its own port is not also under its path on PORT: one URL per API.
 */
export function apiPlacements(config: ServerConfig): Readonly<Record<ApiName, ApiPlacement>> {
  const placed = (api: MovableApi): ApiPlacement => {
    const own = config.apis[api].port;
    return own === undefined ? { shared: true, port: config.port, basePath: `/${api}` } : { shared: false, port: own, basePath: '' };
  };
  return { sms: { shared: true, port: config.port, basePath: '' }, auth: placed('auth'), mail: placed('mail'), links: placed('links') };
}

/** Each API's base URL as links and emails show it: configured, or derived from where it listens. */
export type PublicUrls = Readonly<Record<ApiName, PublicBaseUrl>>;

export function publicUrls(config: ServerConfig): PublicUrls {
  const placements = apiPlacements(config);
  const configured: Record<ApiName, string | undefined> = {
    sms: config.publicBaseUrl,
    auth: config.apis.auth.publicUrl,
    mail: config.apis.mail.publicUrl,
    links: config.apis.links.publicUrl,
  };
  return Object.fromEntries(API_NAMES.map((api) => [api, new PublicBaseUrl(configured[api], placements[api].port, placements[api].basePath)])) as Record<ApiName, PublicBaseUrl>;
}
