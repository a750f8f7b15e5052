/** The device class of a click (from its User-Agent); null when the agent says nothing usable. */
export type Device = 'mobile' | 'desktop' | 'tablet';

/** What a click's flush needs of its link beyond its id (its click webhooks' body): copied from the link the redirect read. */
export interface ClickedLink {
  readonly accountId: string;
  readonly environment: 'live' | 'test';
  readonly domainId: string | null;
  readonly slug: string;
}

/** A recorded click (docs/links.md, "Clicks"): never the visitor's address, only a salted daily hash of it and the agent. */
export interface Click {
  readonly linkId: string;
  /** The link as the redirect read it (not stored with the click): whose webhooks get it. */
  readonly link?: ClickedLink;
  readonly at: Date;
  /** ISO 3166-1 alpha-2, or null when the address is not in the GeoIP data (private, unknown). */
  readonly country: string | null;
  readonly device: Device | null;
  /** The browser family (`Chrome`, `Safari`), or null. */
  readonly browser: string | null;
  /** The referring page's host, or `direct` when there was none. */
  readonly referrer: string;
  /** A crawler, preview fetcher or monitor (isbot): kept, but out of every count. */
  readonly bot: boolean;
  /** A hash of (day, address, User-Agent) under a secret salt: the same visitor on the same UTC day, unlinkable across days. */
  readonly visitor: string;
}

/**
 * A click as the redirect saw it, before classification: kept in memory only, until its flush
 * classifies it (the address is never stored, only the visitor key made from it).
 */
export interface RawClick {
  readonly linkId: string;
  readonly link?: ClickedLink;
  readonly at: Date;
  /** The client address (the proxy's header only with TRUST_PROXY_HOPS). */
  readonly address: string;
  readonly userAgent: string;
  readonly referer: string | undefined;
}

export const DIRECT = 'direct';

/** The host of a Referer header, lower case; `direct` when there is none or it is not a URL. */
export function referrerHost(referer: string | undefined): string {
  if (!referer) return DIRECT;
  try {
    return new URL(referer).hostname.toLowerCase() || DIRECT;
  } catch {
    return DIRECT;
  }
}

const DAY_MS = 86_400_000;
/** The last day asked for: clicks come in time order, so formatting a date is seldom needed. */
let lastDay = { number: Number.NaN, text: '' };

/** `YYYY-MM-DD` of an instant, in UTC. */
export function utcDay(at: Date): string {
  const number = Math.floor(at.getTime() / DAY_MS);
  if (number !== lastDay.number) lastDay = { number, text: at.toISOString().slice(0, 10) };
  return lastDay.text;
}
