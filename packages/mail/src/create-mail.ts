import type { Clock } from '@tuma/kernel';
import { AddDomain } from './application/domains/add-domain.use-case.ts';
import { DeleteDomain } from './application/domains/delete-domain.use-case.ts';
import type { DkimKeys } from './application/domains/dkim-keys.port.ts';
import type { DnsResolver } from './application/domains/dns-resolver.port.ts';
import { GetDomain } from './application/domains/get-domain.use-case.ts';
import { ListDomains } from './application/domains/list-domains.use-case.ts';
import type { MailDomainRepository } from './application/domains/mail-domain.repository.port.ts';
import { UpdateDomainTracking } from './application/domains/update-domain-tracking.use-case.ts';
import { VerifyDomain } from './application/domains/verify-domain.use-case.ts';
import type { MailDnsSettings } from './domain/domains/dns-records.ts';

export interface MailPorts {
  readonly clock: Clock;
  readonly domains: MailDomainRepository;
  readonly dns: DnsResolver;
  readonly dkimKeys: DkimKeys;
  readonly dnsSettings: MailDnsSettings;
}

/** The mail API's domains (docs/mail.md): every use case, built from its ports. */
export function createMail(ports: MailPorts) {
  const { clock, domains, dns, dkimKeys, dnsSettings: settings } = ports;
  return {
    addDomain: new AddDomain(domains, dkimKeys, settings, clock),
    listDomains: new ListDomains(domains, settings),
    getDomain: new GetDomain(domains, settings),
    verifyDomain: new VerifyDomain(domains, dns, settings, clock),
    updateDomainTracking: new UpdateDomainTracking(domains, settings, clock),
    deleteDomain: new DeleteDomain(domains),
  };
}

export type MailService = ReturnType<typeof createMail>;
