import type { MailDomainSnapshot } from '../../domain/domains/mail-domain.aggregate.ts';

export interface MailDomainRepository {
  /** Stores a new domain; false, writing nothing, when the account has one of that name (concurrent adds get one true). */
  add(domain: MailDomainSnapshot): Promise<boolean>;
  save(domain: MailDomainSnapshot): Promise<void>;
  /** The account's domain; another account's id is not found. */
  find(accountId: string, id: string): Promise<MailDomainSnapshot | undefined>;
  /** The account's domain of that name (what a send from `...@name` signs with). */
  findByName(accountId: string, name: string): Promise<MailDomainSnapshot | undefined>;
  /** The account's domains, newest first. */
  list(accountId: string): Promise<readonly MailDomainSnapshot[]>;
  /** The verified domain of that name, whichever account's (the first verified, should two be): where mail to the name is taken. */
  findVerified(name: string): Promise<MailDomainSnapshot | undefined>;
  /** Whether another account has verified this name. */
  verifiedElsewhere(name: string, accountId: string): Promise<boolean>;
  /** False when the account has no such domain. */
  remove(accountId: string, id: string): Promise<boolean>;
}
