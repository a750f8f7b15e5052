import { err, newId, ok, ResultAsync, type Clock, type Result, type ValidationError } from '@tuma/kernel';
import type { MailDnsSettings } from '../../domain/domains/dns-records.ts';
import { dkimSelector } from '../../domain/domains/dkim-selector.ts';
import { DomainName } from '../../domain/domains/domain-name.value-object.ts';
import { MailDomain } from '../../domain/domains/mail-domain.aggregate.ts';
import { domainAlreadyExists, type DomainAlreadyExistsError } from '../../domain/domains/mail-domain-errors.ts';
import { parseRegion } from '../../domain/domains/regions.ts';
import type { DkimKeys } from './dkim-keys.port.ts';
import { domainView, type MailDomainView } from './domain-view.ts';
import type { MailDomainRepository } from './mail-domain.repository.port.ts';

export interface AddDomainInput {
  readonly accountId: string;
  readonly name: string;
  readonly region?: string;
}

export type AddDomainError = ValidationError | DomainAlreadyExistsError;

/** `POST /domains`: a pending domain with a new DKIM key, and the records to publish. */
export class AddDomain {
  constructor(
    private readonly domains: MailDomainRepository,
    private readonly dkimKeys: DkimKeys,
    private readonly settings: MailDnsSettings,
    private readonly clock: Clock,
  ) {}

  execute(input: AddDomainInput): ResultAsync<MailDomainView, AddDomainError> {
    return new ResultAsync(this.add(input));
  }

  private async add(input: AddDomainInput): Promise<Result<MailDomainView, AddDomainError>> {
    const name = DomainName.create(input.name);
    if (name.isErr()) return err(name.error);
    const region = parseRegion(input.region);
    if (region.isErr()) return err(region.error);
    const mine = await this.domains.findByName(input.accountId, name.value.value);
    // A pending claim elsewhere does not block: only publishing the records proves the name is yours.
    if (mine || (await this.domains.verifiedElsewhere(name.value.value, input.accountId))) return err(domainAlreadyExists(name.value.value));
    const now = this.clock.now();
    const id = newId('dom', now);
    const generated = await this.dkimKeys.generate(id);
    const key = { selector: dkimSelector(now), publicKey: generated.publicKey, sealedPrivateKey: generated.sealedPrivateKey };
    const domain = MailDomain.add({ id, accountId: input.accountId, name: name.value, region: region.value, key }, now).toSnapshot();
    if (!(await this.domains.add(domain))) return err(domainAlreadyExists(domain.name));
    return ok(domainView(domain, this.settings));
  }
}
