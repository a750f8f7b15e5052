import { err, ok, type Result } from '@tuma/kernel';
import { EmailAddress } from '../emails/email-address.value-object.ts';

/** The alias that takes every address of a domain no other forward of it names. */
export const CATCH_ALL = '*';

/**
 * A forward (docs/mail.md, "Forwards"): mail arriving at `alias@<domain>` (or any address of the
 * domain, for the catch-all `*`) is re-sent to `to`. The domain is one of the account's verified
 * domains; a specific alias wins over the catch-all.
 */
export interface Forward {
  /** `fwd_...` */
  readonly id: string;
  readonly accountId: string;
  readonly domainId: string;
  /** The domain's name, lower-case. */
  readonly domainName: string;
  /** The local part, lower-case, or `*`. */
  readonly alias: string;
  /** Where the mail goes: any address (the local part as given, the domain lower-case). */
  readonly to: string;
  readonly createdAt: Date;
}

export const forwardAddress = (forward: Pick<Forward, 'alias' | 'domainName'>): string => `${forward.alias}@${forward.domainName}`;

/** `alias@domain` or `*@domain` as a forward's source: the alias (lower-case) and the domain, or why not. */
export function forwardSource(raw: string): Result<{ readonly alias: string; readonly domain: string }, string> {
  const trimmed = raw.trim();
  const catchAll = trimmed.startsWith(`${CATCH_ALL}@`);
  const parsed = EmailAddress.create(catchAll ? `catch-all${trimmed.slice(1)}` : trimmed);
  if (parsed.isErr()) return err(`${trimmed || 'an empty value'} is not an address (alias@domain or *@domain)`);
  if (parsed.value.name !== undefined) return err('The bare address, without a name');
  return ok({ alias: catchAll ? CATCH_ALL : parsed.value.address.slice(0, parsed.value.address.lastIndexOf('@')).toLowerCase(), domain: parsed.value.domain });
}

/** The address a forward sends to (any address, screened as one), or why not. */
export function forwardDestination(raw: string): Result<string, string> {
  const parsed = EmailAddress.create(raw.trim());
  if (parsed.isErr()) return err(parsed.error);
  if (parsed.value.name !== undefined) return err('The bare address, without a name');
  return ok(parsed.value.address);
}
