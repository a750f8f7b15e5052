import { Resolver } from 'node:dns/promises';
import type { DnsAnswer, DnsRecordType as RecordType, DnsResolver } from '@tuma/kernel';

/** The answers that mean "no such records" rather than "no answer". */
const NO_RECORDS = new Set(['ENOTFOUND', 'ENODATA']);

export interface NodeDnsResolverOptions {
  /** `DNS_SERVERS`: `ip` or `ip:port` (IPv6 as `[ip]:port`); the system's resolvers when absent. */
  readonly servers?: readonly string[];
  readonly timeoutMs?: number;
}

/** `DNS_SERVERS=1.1.1.1,8.8.8.8:53` as a list; empty or unset: the system's. */
export const dnsServersFrom = (value: string | undefined): readonly string[] | undefined => {
  const servers = value?.split(',').map((server) => server.trim()).filter(Boolean);
  return servers?.length ? servers : undefined;
};

/** Looks records up with node's resolver (c-ares), bypassing the OS cache so a record just published is seen once DNS has it. */
export class NodeDnsResolver implements DnsResolver {
  private readonly resolver: Resolver;

  constructor(options: NodeDnsResolverOptions = {}) {
    this.resolver = new Resolver({ timeout: options.timeoutMs ?? 3000, tries: 2 });
    if (options.servers) this.resolver.setServers([...options.servers]);
  }

  async resolve(type: RecordType, host: string): Promise<DnsAnswer> {
    try {
      return type === 'TXT' ? { kind: 'txt', records: await this.resolver.resolveTxt(host) } : { kind: 'mx', records: (await this.resolver.resolveMx(host)).map(({ exchange, priority }) => ({ exchange, priority })) };
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code && NO_RECORDS.has(code)) return type === 'TXT' ? { kind: 'txt', records: [] } : { kind: 'mx', records: [] };
      if (code) return { kind: 'failed', reason: `${code} looking up ${type} ${host}` };
      throw error;
    }
  }
}
