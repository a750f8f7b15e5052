import type { Forward } from '../../domain/forwards/forward.ts';
import type { MailDomainRepository } from '../domains/mail-domain.repository.port.ts';
import type { ForwardRepository } from './forward.repository.port.ts';

/** The verified domain of a name (any account's) and the forward taking `local` there: whether mail to the address is forwarded by us. */
export async function forwardOf(domains: MailDomainRepository, forwards: ForwardRepository, address: string): Promise<Forward | undefined> {
  const at = address.lastIndexOf('@');
  const domain = at > 0 ? await domains.findVerified(address.slice(at + 1).toLowerCase()) : undefined;
  return domain && forwards.matching(domain.id, address.slice(0, at).toLowerCase());
}
