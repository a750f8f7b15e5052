import { errAsync, notFound, ResultAsync, type Clock, type NotFoundError } from '@tuma/kernel';
import type { MailDnsSettings } from '../../domain/domains/dns-records.ts';
import { MailDomain } from '../../domain/domains/mail-domain.aggregate.ts';
import { domainView, type MailDomainView } from './domain-view.ts';
import type { DomainRef } from './get-domain.use-case.ts';
import type { MailDomainRepository } from './mail-domain.repository.port.ts';

export interface UpdateDomainTrackingInput extends DomainRef {
  /** Absent: unchanged. */
  readonly openTracking?: boolean;
  readonly clickTracking?: boolean;
}

/** `PATCH /domains/{id}`: whether the domain's emails get an open pixel and tracked links. */
export class UpdateDomainTracking {
  constructor(
    private readonly domains: MailDomainRepository,
    private readonly settings: MailDnsSettings,
    private readonly clock: Clock,
  ) {}

  execute(input: UpdateDomainTrackingInput): ResultAsync<MailDomainView, NotFoundError> {
    return ResultAsync.fromSafePromise(this.domains.find(input.accountId, input.domainId)).andThen((snapshot) => {
      if (!snapshot) return errAsync(notFound('domain', input.domainId));
      const domain = MailDomain.rehydrate(snapshot);
      domain.track(input, this.clock.now());
      return ResultAsync.fromSafePromise(this.domains.save(domain.toSnapshot())).map(() => domainView(domain.toSnapshot(), this.settings));
    });
  }
}
