import { errAsync, notFound, okAsync, ResultAsync, type NotFoundError } from '@tuma/kernel';
import { type BrandedDomainSnapshot } from '../../domain/domains/branded-domain.aggregate.ts';
import type { BrandedDomainRepository } from './branded-domain.repository.port.ts';

/** A branded domain of the account (another account's is not found). */
export class GetBrandedDomain {
  constructor(private readonly domains: BrandedDomainRepository) {}

  execute(input: { readonly accountId: string; readonly id: string }): ResultAsync<BrandedDomainSnapshot, NotFoundError> {
    return ResultAsync.fromSafePromise(this.domains.find(input.accountId, input.id)).andThen((found) => (found ? okAsync(found) : errAsync(notFound('domain', input.id))));
  }
}
