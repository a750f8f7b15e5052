import type { Result } from 'neverthrow';

/** The record types the products look up: TXT (mail's SPF, DKIM, DMARC; links' domain verification) and MX (mail's return path). */
export type DnsRecordType = 'TXT' | 'MX';

export interface MxRecord {
  readonly exchange: string;
  readonly priority: number;
}

/** What DNS answered for a host and type: no records (NXDOMAIN, no data) is an empty list, not a failure. */
export type DnsAnswer =
  | { readonly kind: 'txt'; readonly records: readonly (readonly string[])[] }
  | { readonly kind: 'mx'; readonly records: readonly MxRecord[] }
  | { readonly kind: 'failed'; readonly reason: string };

/**
 * Looks records up in public DNS, for every product that checks what a customer published (mail's
 * domains, links' branded domains); answers a failure (SERVFAIL, timeout) rather than throwing,
 * since it is the customer's DNS. A TXT record's strings come as published (a long record in pieces).
 */
export interface DnsResolver {
  resolve(type: DnsRecordType, host: string): Promise<DnsAnswer>;
}

/** A TXT record's text: its strings joined, as receivers read it (RFC 7208 3.3). */
export const txtText = (strings: readonly string[]): string => strings.join('');

export interface ResolvedAddress {
  readonly address: string;
  readonly family: 4 | 6;
}

/**
 * Looks a name's addresses up (A and AAAA) on the same resolver as `DnsResolver` (`DNS_SERVERS`):
 * what the URL policy checks, and what a pinned connection then connects to.
 */
export interface HostResolver {
  /** Every address of the name, or why it has none (`ENOTFOUND` for a name DNS does not know, `ETIMEOUT`, ...). */
  addresses(host: string): Promise<Result<readonly ResolvedAddress[], string>>;
}
