import { err, notFound, ok, ResultAsync, type Clock, type NotFoundError, type Result } from '@tuma/kernel';
import type { MailDnsSettings, RecordPurpose } from '../../domain/domains/dns-records.ts';
import { MailDomain, type RecordStatuses } from '../../domain/domains/mail-domain.aggregate.ts';
import type { DnsRecordsNotFoundError } from '../../domain/domains/mail-domain-errors.ts';
import { checkRecord, type RecordStatus } from '../../domain/domains/record-checks.ts';
import type { DnsResolver } from './dns-resolver.port.ts';
import { domainView, type MailDomainView } from './domain-view.ts';
import type { DomainRef } from './get-domain.use-case.ts';
import type { MailDomainRepository } from './mail-domain.repository.port.ts';

export type VerifyDomainError = NotFoundError | DnsRecordsNotFoundError;

/**
 * `POST /domains/{id}/verify`: looks every record up (side by side) and keeps what was found,
 * verified or not, so that the domain shows each record's status; answers the missing ones.
 */
export class VerifyDomain {
  constructor(
    private readonly domains: MailDomainRepository,
    private readonly dns: DnsResolver,
    private readonly settings: MailDnsSettings,
    private readonly clock: Clock,
  ) {}

  execute(input: DomainRef): ResultAsync<MailDomainView, VerifyDomainError> {
    return new ResultAsync(this.verify(input));
  }

  private async verify(input: DomainRef): Promise<Result<MailDomainView, VerifyDomainError>> {
    const snapshot = await this.domains.find(input.accountId, input.domainId);
    if (!snapshot) return err(notFound('domain', input.domainId));
    const domain = MailDomain.rehydrate(snapshot);
    const found = await Promise.all(
      domain.records(this.settings).map(async (record): Promise<[RecordPurpose, RecordStatus]> => [record.purpose, checkRecord(record, await this.dns.resolve(record.type, record.host), this.settings)]),
    );
    const checked = domain.checked(Object.fromEntries(found) as RecordStatuses, this.settings, this.clock.now());
    await this.domains.save(domain.toSnapshot());
    return checked.isOk() ? ok(domainView(domain.toSnapshot(), this.settings)) : err(checked.error);
  }
}
