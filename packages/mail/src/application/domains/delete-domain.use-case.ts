import { errAsync, notFound, okAsync, ResultAsync, type NotFoundError } from '@tuma/kernel';
import type { DomainRef } from './get-domain.use-case.ts';
import type { MailDomainRepository } from './mail-domain.repository.port.ts';

/** `DELETE /domains/{id}`: the domain and its key are gone; its records may stay published, they sign nothing. */
export class DeleteDomain {
  constructor(private readonly domains: MailDomainRepository) {}

  execute(input: DomainRef): ResultAsync<void, NotFoundError> {
    return ResultAsync.fromSafePromise(this.domains.remove(input.accountId, input.domainId)).andThen((removed) =>
      removed ? okAsync(undefined) : errAsync(notFound('domain', input.domainId)),
    );
  }
}
