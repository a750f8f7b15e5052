import { err, notFound, ok, ResultAsync, type NotFoundError } from '@tuma/kernel';
import type { BrandedDomainRepository } from './branded-domain.repository.port.ts';

/** Deletes a branded domain of the account, and every link on it (Dub's rule): their short URLs answer 404 from then on. */
export class DeleteBrandedDomain {
  constructor(private readonly domains: BrandedDomainRepository) {}

  execute(input: { readonly accountId: string; readonly id: string }): ResultAsync<void, NotFoundError> {
    return ResultAsync.fromSafePromise(this.domains.remove(input.accountId, input.id)).andThen((removed) => (removed ? ok(undefined) : err(notFound('domain', input.id))));
  }
}
