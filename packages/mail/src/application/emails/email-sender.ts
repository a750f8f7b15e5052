import type { EmailAddress } from '../../domain/emails/email-address.value-object.ts';
import type { MailAddress } from '../../domain/emails/mail-address.ts';
import { SenderAddress } from '../../domain/sender-addresses/sender-address.aggregate.ts';
import type { MailDomainRepository } from '../domains/mail-domain.repository.port.ts';
import type { SenderAddressRepository } from '../sender-addresses/sender-address.repository.port.ts';

/** Who an email is sent as: the verified domain whose key signs it (null for a confirmed sender address), and its `From`. */
export interface EmailSender {
  readonly domainId: string | null;
  readonly from: MailAddress;
}

/**
 * A verified domain of the account for `from`, else a confirmed sender address of it (whose name
 * stands in for a `from` without one): undefined when the account may not send as `from`. Every
 * way in (`POST /v1/emails`, SMTP submission, broadcasts) asks this.
 */
export async function emailSender(domains: MailDomainRepository, senderAddresses: SenderAddressRepository, accountId: string, from: EmailAddress): Promise<EmailSender | undefined> {
  const named = (name: string | undefined): MailAddress => (name ? { address: from.address, name } : { address: from.address });
  const domain = await domains.findByName(accountId, from.domain);
  if (domain?.status === 'verified') return { domainId: domain.id, from: named(from.name) };
  const address = await senderAddresses.findByEmail(accountId, from.address.toLowerCase());
  if (!address || !SenderAddress.rehydrate(address).mayBeSentFrom) return undefined;
  return { domainId: null, from: named(from.name ?? address.name ?? undefined) };
}
