import { err, notFound, ok, ResultAsync, type Clock, type DnsResolver, type NotFoundError, type Result } from '@tuma/kernel';
import { BrandedDomain, type BrandedDomainSnapshot } from '../../domain/domains/branded-domain.aggregate.ts';
import { txtRecordNotFound, type TxtRecordNotFoundError } from '../../domain/domains/branded-domain-errors.ts';
import type { BrandedDomainRepository } from './branded-domain.repository.port.ts';
import type { TlsProvisioner } from './tls-provisioner.port.ts';

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
