import { ResultAsync } from '@tuma/kernel';
import type { MailDnsSettings } from '../../domain/domains/dns-records.ts';
import { domainView, type MailDomainView } from './domain-view.ts';
import type { MailDomainRepository } from './mail-domain.repository.port.ts';

/** `GET /domains`: the account's domains, newest first. */
export class ListDomains {
  constructor(
    private readonly domains: MailDomainRepository,
    private readonly settings: MailDnsSettings,
  ) {}

  execute(accountId: string): ResultAsync<readonly MailDomainView[], never> {
    return ResultAsync.fromSafePromise(this.domains.list(accountId)).map((domains) => domains.map((domain) => domainView(domain, this.settings)));
  }
}
