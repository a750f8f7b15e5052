import { err, ok, type Result } from '@tuma/kernel';

const LOCAL_PART = /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*$/;
const DOMAIN_LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;
/** `"Amina Otieno" <amina@example.com>` or `Amina <amina@example.com>`. */
const WITH_NAME = /^\s*(?:"((?:[^"\\]|\\.)*)"|([^<>"]*?))\s*<([^<>]+)>\s*$/;

/**
 * An address a message names (RFC 5321's dot-atom local part, an LDH domain with two labels or
 * more), with an optional display name. The domain is lower-cased; the local part is kept as
 * given (its case belongs to the receiving server). Quoted local parts and IP literals are refused:
 * they are legal, and almost always a mistake in an API call.
 */
export class EmailAddress {
  private constructor(
    readonly address: string,
    readonly name: string | undefined,
  ) {}

  /** The address, or why it is not one (the caller names the field). */
  static create(raw: string): Result<EmailAddress, string> {
    const named = WITH_NAME.exec(raw);
    const name = named ? (named[1]?.replace(/\\(.)/g, '$1') ?? named[2])?.trim() || undefined : undefined;
    const bare = (named ? named[3]! : raw).trim();
    if (/[\r\n]/.test(raw)) return err('must not contain line breaks');
    const at = bare.lastIndexOf('@');
    if (at <= 0) return err(`${bare || 'an empty value'} is not an email address`);
    const local = bare.slice(0, at);
    const domain = bare.slice(at + 1).toLowerCase().replace(/\.$/, '');
    const labels = domain.split('.');
    if (!LOCAL_PART.test(local) || local.length > 64) return err(`${bare} is not an email address (its part before @)`);
    if (labels.length < 2 || !labels.every((label) => DOMAIN_LABEL.test(label)) || domain.length > 253) return err(`${bare} is not an email address (its domain)`);
    const address = `${local}@${domain}`;
    if (address.length > 254) return err(`${bare} is longer than 254 characters`);
    return ok(new EmailAddress(address, name));
  }

  get domain(): string {
    return this.address.slice(this.address.lastIndexOf('@') + 1);
  }

  equals(other: EmailAddress): boolean {
    return this.address.toLowerCase() === other.address.toLowerCase();
  }
}
