import type { DomainError } from '@tuma/kernel';
import type { RecordPurpose } from './dns-records.ts';
import type { RecordStatus } from './record-checks.ts';

/** The account has this domain already, or another account has verified it (409). */
export interface DomainAlreadyExistsError extends DomainError {
  readonly type: 'domain_already_exists';
  readonly name: string;
}

/** A check did not find the records a verified domain needs (400); each named with what was found. */
export interface DnsRecordsNotFoundError extends DomainError {
  readonly type: 'dns_records_not_found';
  readonly missing: readonly { readonly purpose: RecordPurpose; readonly host: string; readonly status: RecordStatus }[];
}

export const domainAlreadyExists = (name: string): DomainAlreadyExistsError => ({
  type: 'domain_already_exists',
  name,
  message: `The domain ${name} is already registered`,
});

export const dnsRecordsNotFound = (missing: DnsRecordsNotFoundError['missing']): DnsRecordsNotFoundError => ({
  type: 'dns_records_not_found',
  missing,
  message: `DNS records not found yet: ${missing.map((record) => `${record.purpose} at ${record.host} (${record.status})`).join(', ')}`,
});
