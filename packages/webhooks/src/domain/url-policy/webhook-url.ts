import { err, ok, type Result } from '@tuma/kernel';

export const WEBHOOK_URL_MAX_LENGTH = 2048;

/** A webhook URL read the way a client connects to it (the WHATWG URL parser, as fetch and node:http do). */
export interface WebhookUrl {
  /** The canonical URL without its fragment: what is stored and requested. */
  readonly href: string;
  readonly protocol: 'http' | 'https';
  /** Lower case; an IP address in its canonical spelling, IPv6 without brackets; no trailing dot. */
  readonly host: string;
  /** The port connected to (80 or 443 when the URL names none). */
  readonly port: number;
  /** The IP version when the host is an address rather than a name. */
  readonly literal: 4 | 6 | null;
}

/** After WHATWG parsing every IPv4 spelling (2130706433, 0x7f.1, 017700000001, 127.1) is dotted decimal. */
const CANONICAL_IPV4 = /^\d{1,3}(\.\d{1,3}){3}$/;

/** The host as connections see it: IPv6 without brackets, no trailing dot (the parser lower-cases and canonicalises). */
export const hostOf = (url: URL): string => (url.hostname.startsWith('[') ? url.hostname.slice(1, -1) : url.hostname.replace(/\.$/, ''));

/** RFC 6761: `localhost` and its subdomains are loopback, whatever a resolver says. */
export const isLocalhostName = (host: string): boolean => host === 'localhost' || host.endsWith('.localhost');

/**
 * Reads a webhook URL: absolute, http or https, no user name or password; the fragment is dropped.
 * Host spellings are canonicalised by the parser, so the address rule then sees every decimal,
 * octal, hex or short IPv4 form as the address it is. The error is the reason, for a 422.
 */
export function readWebhookUrl(raw: string): Result<WebhookUrl, string> {
  if (raw.length > WEBHOOK_URL_MAX_LENGTH) return err(`Must be at most ${WEBHOOK_URL_MAX_LENGTH} characters`);
  const url = URL.parse(raw);
  if (!url) return err('Must be an absolute http(s) URL');
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return err('Must be an http or https URL');
  if (url.username || url.password) return err('Must not contain a user name or password');
  url.hash = '';
  const protocol = url.protocol === 'https:' ? 'https' : 'http';
  const host = hostOf(url);
  if (host === '') return err('Must name a host');
  const port = url.port ? Number(url.port) : protocol === 'https' ? 443 : 80;
  const literal = url.hostname.startsWith('[') ? 6 : CANONICAL_IPV4.test(host) ? 4 : null;
  return ok({ href: url.href, protocol, host, port, literal });
}
