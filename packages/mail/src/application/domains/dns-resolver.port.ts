import type { RecordType } from '../../domain/domains/dns-records.ts';
import type { DnsAnswer } from '../../domain/domains/record-checks.ts';

/** Looks records up in public DNS; answers a failure (SERVFAIL, timeout) rather than throwing, since it is the customer's DNS. */
export interface DnsResolver {
  resolve(type: RecordType, host: string): Promise<DnsAnswer>;
}
