import type { DnsAnswer, DnsRecordType as RecordType, DnsResolver, MxRecord } from '../application/dns-resolver.port.ts';

/** A DNS zone in memory: publish records, or make a host fail, then resolve as the real resolver answers. */
export class InMemoryDnsResolver implements DnsResolver {
  private readonly txt = new Map<string, (readonly string[])[]>();
  private readonly mx = new Map<string, MxRecord[]>();
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
}
