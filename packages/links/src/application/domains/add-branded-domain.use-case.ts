import { errAsync, fieldError, okAsync, ResultAsync, type Clock, type ValidationError } from '@tuma/kernel';
import { BrandedDomain, type BrandedDomainSnapshot } from '../../domain/domains/branded-domain.aggregate.ts';
import { hostnameTaken, type HostnameTakenError } from '../../domain/domains/branded-domain-errors.ts';
import { readHostname } from '../../domain/domains/hostname.ts';
import type { LinksPlanLimitReachedError, PlanFeatureUnavailableError } from '../../domain/plans/links-plan.ts';
import type { PlanGate } from '../plans/plan-gate.ts';
import type { BrandedDomainRepository } from './branded-domain.repository.port.ts';

export type AddBrandedDomainError = ValidationError | PlanFeatureUnavailableError | LinksPlanLimitReachedError | HostnameTakenError;

/**
 * `POST /domains {hostname}` (docs/links.md, "Branded domains"): a valid hostname (422 naming it),
 * not one of our own short domains, on a plan with branded domains (403) and below its
 * `max_domains` (402, pending domains counted), not registered yet by anyone (409). Pending until
 * verified; the answer carries the TXT record to publish.
 */
export class AddBrandedDomain {
  constructor(
    private readonly domains: BrandedDomainRepository,
    private readonly gate: PlanGate,
    private readonly ownHosts: () => readonly string[],
    private readonly clock: Clock,
  ) {}

  execute(input: { readonly accountId: string; readonly hostname: string }): ResultAsync<BrandedDomainSnapshot, AddBrandedDomainError> {
    const hostname = readHostname(input.hostname);
    if (hostname.isErr()) return errAsync(hostname.error);
    if (this.ownHosts().includes(hostname.value)) return errAsync(fieldError('hostname', `${hostname.value} is our own short domain`));
    return this.gate
      .mayAddDomain(input.accountId, async () => (await this.domains.list(input.accountId)).length)
      .andThen(() => {
        const domain = BrandedDomain.create({ accountId: input.accountId, hostname: hostname.value }, this.clock.now()).toSnapshot();
        return ResultAsync.fromSafePromise(this.domains.add(domain)).andThen((added) => (added ? okAsync(domain) : errAsync(hostnameTaken(domain.hostname))));
      });
  }
}
