import type { MailDnsSettings } from '../../domain/domains/dns-records.ts';
import { MailDomain, type DomainRecord, type DomainStatus, type MailDomainSnapshot } from '../../domain/domains/mail-domain.aggregate.ts';
import type { Region } from '../../domain/domains/regions.ts';

/** A domain as its use cases answer it: the records to publish with their statuses, never the key. */
export interface MailDomainView {
  readonly id: string;
  readonly name: string;
  readonly region: Region;
  readonly status: DomainStatus;
  readonly records: readonly DomainRecord[];
  readonly openTracking: boolean;
  readonly clickTracking: boolean;
  readonly dkimSelector: string;
  readonly checkedAt: Date | null;
  readonly createdAt: Date;
}

export function domainView(snapshot: MailDomainSnapshot, settings: MailDnsSettings): MailDomainView {
  const { id, name, region, status, openTracking, clickTracking, dkimSelector, checkedAt, createdAt } = snapshot;
  return { id, name, region, status, records: MailDomain.rehydrate(snapshot).records(settings), openTracking, clickTracking, dkimSelector, checkedAt, createdAt };
}
