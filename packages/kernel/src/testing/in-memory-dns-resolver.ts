import { err, ok, type Result } from 'neverthrow';
import type { DnsAnswer, DnsRecordType as RecordType, DnsResolver, HostResolver, MxRecord, ResolvedAddress } from '../application/dns-resolver.port.ts';

/** A DNS zone in memory: publish records, or make a host fail, then resolve as the real resolver answers. */
export class InMemoryDnsResolver implements DnsResolver, HostResolver {
  private readonly txt = new Map<string, (readonly string[])[]>();
  private readonly mx = new Map<string, MxRecord[]>();
  private readonly address = new Map<string, ResolvedAddress[]>();
  private readonly failing = new Set<string>();

  /** One TXT record; several strings are one record published in pieces. */
  publishTxt(host: string, ...strings: readonly string[]): this {
    this.txt.set(host.toLowerCase(), [...(this.txt.get(host.toLowerCase()) ?? []), strings]);
    return this;
  }

  publishMx(host: string, exchange: string, priority = 10): this {
    this.mx.set(host.toLowerCase(), [...(this.mx.get(host.toLowerCase()) ?? []), { exchange, priority }]);
    return this;
  }

  /** An A record, or an AAAA record for an IPv6 address. */
  publishAddress(host: string, address: string): this {
    this.address.set(host.toLowerCase(), [...(this.address.get(host.toLowerCase()) ?? []), { address, family: address.includes(':') ? 6 : 4 }]);
    return this;
  }

  /** Lookups of the host fail (as SERVFAIL does). */
  fail(host: string): this {
    this.failing.add(host.toLowerCase());
    return this;
  }

  async resolve(type: RecordType, host: string): Promise<DnsAnswer> {
    const key = host.toLowerCase();
    if (this.failing.has(key)) return { kind: 'failed', reason: `SERVFAIL ${host}` };
    return type === 'TXT' ? { kind: 'txt', records: this.txt.get(key) ?? [] } : { kind: 'mx', records: this.mx.get(key) ?? [] };
  }

  /** IPv4 first, as the real resolver answers; a name with records of other types only has no address (`ENODATA`). */
  async addresses(host: string): Promise<Result<readonly ResolvedAddress[], string>> {
    const key = host.toLowerCase();
    if (this.failing.has(key)) return err('ESERVFAIL');
    const found = [...(this.address.get(key) ?? [])].sort((a, b) => a.family - b.family);
    if (found.length > 0) return ok(found);
    return err(this.txt.has(key) || this.mx.has(key) ? 'ENODATA' : 'ENOTFOUND');
  }
}
