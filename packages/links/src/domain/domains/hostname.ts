import { err, fieldError, ok, type Result, type ValidationError } from '@tuma/kernel';

const LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;
const IPV4 = /^\d{1,3}(\.\d{1,3}){3}$/;

/**
 * A branded domain's hostname (docs/links.md, "Branded domains"), as browsers send it in `Host`:
 * lower case, IDNs in their ASCII (punycode) form, no trailing dot, no port, path or user; at least
 * two labels of letters, digits and hyphens (1-63 each, 253 in all), a top-level label that is not
 * all digits, and not an IP address. Else a 422 naming `hostname`.
 */
export function readHostname(raw: string): Result<string, ValidationError> {
  const refused = (why: string) => err(fieldError('hostname', `${why}: give a bare hostname such as go.example.com`));
  const trimmed = raw.trim().replace(/\.$/, '');
  if (trimmed === '' || /[\s/?#@:\\[\]]/.test(trimmed)) return refused('Not a hostname');
  let ascii: string;
  try {
    ascii = new URL(`http://${trimmed}`).hostname;
  } catch {
    return refused('Not a hostname');
  }
  if (IPV4.test(ascii)) return refused('An IP address is not a hostname');
  const labels = ascii.split('.');
  if (ascii.length > 253 || labels.length < 2 || !labels.every((label) => LABEL.test(label))) return refused('Not a valid hostname');
  if (/^\d+$/.test(labels.at(-1)!)) return refused('Not a valid hostname');
  return ok(ascii);
}

/** The hostname a request names in `Host` (port and trailing dot dropped, lower case), to look up a branded domain. */
export function hostOfHeader(host: string | undefined): string | undefined {
  if (!host) return undefined;
  const name = host.startsWith('[') ? host : host.replace(/:\d*$/, '');
  return name.replace(/\.$/, '').toLowerCase() || undefined;
}
