import { ResultAsync } from '@tuma/kernel';
import { type BrandedDomainSnapshot } from '../../domain/domains/branded-domain.aggregate.ts';
import type { BrandedDomainRepository } from './branded-domain.repository.port.ts';

/** The account's branded domains, oldest first. */
export class ListBrandedDomains {
  constructor(private readonly domains: BrandedDomainRepository) {}

  execute(accountId: string): ResultAsync<readonly BrandedDomainSnapshot[], never> {
    return ResultAsync.fromSafePromise(this.domains.list(accountId));
  }
}
