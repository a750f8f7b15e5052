import { err, errAsync, fieldError, notFound, ok, okAsync, ResultAsync, type Clock, type DnsResolver, type NotFoundError, type Result, type ValidationError } from '@tuma/kernel';
import { BrandedDomain, type BrandedDomainSnapshot } from '../../domain/domains/branded-domain.aggregate.ts';
import { hostnameTaken, txtRecordNotFound, type HostnameTakenError, type TxtRecordNotFoundError } from '../../domain/domains/branded-domain-errors.ts';
import { readHostname } from '../../domain/domains/hostname.ts';
import type { LinksPlanLimitReachedError, PlanFeatureUnavailableError } from '../../domain/plans/links-plan.ts';
import type { PlanGate } from '../plans/plan-gate.ts';
import type { BrandedDomainRepository } from './branded-domain.repository.port.ts';
import type { TlsProvisioner } from './tls-provisioner.port.ts';

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

/** The account's branded domains, oldest first. */
export class ListBrandedDomains {
  constructor(private readonly domains: BrandedDomainRepository) {}

  execute(accountId: string): ResultAsync<readonly BrandedDomainSnapshot[], never> {
    return ResultAsync.fromSafePromise(this.domains.list(accountId));
  }
}

/** A branded domain of the account (another account's is not found). */
export class GetBrandedDomain {
  constructor(private readonly domains: BrandedDomainRepository) {}

  execute(input: { readonly accountId: string; readonly id: string }): ResultAsync<BrandedDomainSnapshot, NotFoundError> {
    return ResultAsync.fromSafePromise(this.domains.find(input.accountId, input.id)).andThen((found) => (found ? okAsync(found) : errAsync(notFound('domain', input.id))));
  }
}

/**
 * `POST /domains/{id}/verify`: a pending domain's TXT record is looked up (`_svc-links.<hostname>`)
 * through the `DnsResolver`: its token there verifies it, else 400 `txt_record_not_found` (nothing
 * changes). A verified domain is not checked again. Then, while it is not TLS-ready, its
 * certificate is asked for (`TlsProvisioner`): verifying again checks TLS again.
 */
export class VerifyBrandedDomain {
  constructor(
    private readonly domains: BrandedDomainRepository,
    private readonly dns: DnsResolver,
    private readonly tls: TlsProvisioner,
    private readonly clock: Clock,
  ) {}

  execute(input: { readonly accountId: string; readonly id: string }): ResultAsync<BrandedDomainSnapshot, NotFoundError | TxtRecordNotFoundError> {
    return new ResultAsync(this.verify(input));
  }

  private async verify(input: { readonly accountId: string; readonly id: string }): Promise<Result<BrandedDomainSnapshot, NotFoundError | TxtRecordNotFoundError>> {
    const found = await this.domains.find(input.accountId, input.id);
    if (!found) return err(notFound('domain', input.id));
    const domain = BrandedDomain.rehydrate(found);
    if (!found.verified) {
      const checked = domain.check(await this.dns.resolve('TXT', domain.recordHost));
      if (checked !== 'found') return err(txtRecordNotFound(domain.txtRecord, checked));
      domain.verify(this.clock.now());
      // Verified at once: links may name it, and it redirects, whatever TLS says.
      await this.domains.save(domain.toSnapshot());
    }
    if (!domain.toSnapshot().tlsReady) {
      domain.tls(await this.tls.provision(found.hostname));
      if (domain.toSnapshot().tlsReady) await this.domains.save(domain.toSnapshot());
    }
    return ok(domain.toSnapshot());
  }
}

/** Deletes a branded domain of the account, and every link on it (Dub's rule): their short URLs answer 404 from then on. */
export class DeleteBrandedDomain {
  constructor(private readonly domains: BrandedDomainRepository) {}

  execute(input: { readonly accountId: string; readonly id: string }): ResultAsync<void, NotFoundError> {
    return ResultAsync.fromSafePromise(this.domains.remove(input.accountId, input.id)).andThen((removed) => (removed ? ok(undefined) : err(notFound('domain', input.id))));
  }
}
