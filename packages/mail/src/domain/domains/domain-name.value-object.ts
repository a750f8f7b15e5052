import { err, fieldError, ok, type Result, type ValidationError } from '@tuma/kernel';
import { parse } from 'tldts';

const MAX_LENGTH = 253;
const LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;

/**
 * A domain name mail is sent from: lower-case ASCII (IDNA names in their `xn--` form), without
 * the root's trailing dot. Refused: IP addresses, single labels, and names that are a public
 * suffix themselves (`co.ke`, `github.io`: anyone may register under them, nobody owns them),
 * as the Public Suffix List bundled with `tldts` has them. A subdomain (`mail.example.com`) is a
 * domain of its own.
 */
export class DomainName {
  private constructor(readonly value: string) {}

  static create(raw: string, field = 'name'): Result<DomainName, ValidationError> {
    const trimmed = raw.trim().replace(/\.$/, '');
    if (trimmed === '') return err(fieldError(field, 'A domain name is required'));
    if (/^[\d.]+$/.test(trimmed) || trimmed.includes(':') || trimmed.startsWith('[')) return err(fieldError(field, 'An IP address is not a domain name'));
    // domainToASCII-equivalent: the WHATWG URL parser applies IDNA (UTS #46) and lower-cases.
    const ascii = asciiHost(trimmed);
    if (ascii === undefined) return err(fieldError(field, `${raw} is not a valid domain name`));
    const labels = ascii.split('.');
    if (ascii.length > MAX_LENGTH || !labels.every((label) => LABEL.test(label))) return err(fieldError(field, `${raw} is not a valid domain name`));
    if (labels.length < 2) return err(fieldError(field, 'A domain name needs at least two labels (example.com)'));
    const parsed = parse(ascii, { allowPrivateDomains: true });
    if (parsed.isIp) return err(fieldError(field, 'An IP address is not a domain name'));
    if (parsed.domain === null) return err(fieldError(field, `${ascii} is a public suffix: use a domain registered under it`));
    return ok(new DomainName(ascii));
  }

  /** A name already checked (a stored one). */
  static trusted(value: string): DomainName {
    return new DomainName(value);
  }

  equals(other: DomainName): boolean {
    return this.value === other.value;
  }

  toString(): string {
    return this.value;
  }
}

function asciiHost(name: string): string | undefined {
  const url = `http://${name}/`;
  if (/[\s/\\?#@%]/.test(name) || !URL.canParse(url)) return undefined;
  return new URL(url).hostname;
}
