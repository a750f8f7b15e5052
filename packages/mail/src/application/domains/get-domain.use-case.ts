import { errAsync, notFound, okAsync, ResultAsync, type NotFoundError } from '@tuma/kernel';
import type { MailDnsSettings } from '../../domain/domains/dns-records.ts';
import { domainView, type MailDomainView } from './domain-view.ts';
import type { MailDomainRepository } from './mail-domain.repository.port.ts';

export interface DomainRef {
  readonly accountId: string;
  readonly domainId: string;
}

/** `GET /domains/{id}`: the records with the last check's statuses (no lookup). */
export class GetDomain {
  constructor(
    private readonly domains: MailDomainRepository,
    private readonly settings: MailDnsSettings,
  ) {}

  execute(input: DomainRef): ResultAsync<MailDomainView, NotFoundError> {
    return ResultAsync.fromSafePromise(this.domains.find(input.accountId, input.domainId)).andThen((domain) =>
      domain ? okAsync(domainView(domain, this.settings)) : errAsync(notFound('domain', input.domainId)),
    );
  }
}
