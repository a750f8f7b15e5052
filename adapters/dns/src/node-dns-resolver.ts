import { Resolver } from 'node:dns/promises';
import { err, ok, type DnsAnswer, type DnsRecordType as RecordType, type DnsResolver, type HostResolver, type ResolvedAddress, type Result } from '@tuma/kernel';

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

/**
 * The server's one resolver (node's c-ares, on the servers of `DNS_SERVERS`), for every lookup it
 * makes: the records products check (TXT, MX) and the addresses the URL policy checks and pinned
 * connections use (A, AAAA). It bypasses the OS cache and hosts file, so a record just published
 * is seen once DNS has it, and what is checked is what DNS says.
 */
export class NodeDnsResolver implements DnsResolver, HostResolver {
  private readonly resolver: Resolver;

  constructor(options: NodeDnsResolverOptions = {}) {
    this.resolver = new Resolver({ timeout: options.timeoutMs ?? 3000, tries: 2 });
    if (options.servers) this.resolver.setServers([...options.servers]);
  }

  async resolve(type: RecordType, host: string): Promise<DnsAnswer> {
    try {
      return type === 'TXT' ? { kind: 'txt', records: await this.resolver.resolveTxt(host) } : { kind: 'mx', records: (await this.resolver.resolveMx(host)).map(({ exchange, priority }) => ({ exchange, priority })) };
    } catch (error) {
      const code = codeOf(error);
      if (NO_RECORDS.has(code)) return type === 'TXT' ? { kind: 'txt', records: [] } : { kind: 'mx', records: [] };
      return { kind: 'failed', reason: `${code} looking up ${type} ${host}` };
    }
  }

  /** A and AAAA asked together; a name with records of one family only has those. */
  async addresses(host: string): Promise<Result<readonly ResolvedAddress[], string>> {
    const [v4, v6] = await Promise.allSettled([this.resolver.resolve4(host), this.resolver.resolve6(host)]);
    const found: ResolvedAddress[] = [
      ...(v4.status === 'fulfilled' ? v4.value.map((address) => ({ address, family: 4 as const })) : []),
      ...(v6.status === 'fulfilled' ? v6.value.map((address) => ({ address, family: 6 as const })) : []),
    ];
    if (found.length > 0) return ok(found);
    // Neither family answered: the more telling failure (a timeout says more than "no AAAA").
    const codes = [v4, v6].map((answer) => (answer.status === 'rejected' ? codeOf(answer.reason) : 'ENODATA'));
    return err(codes.find((code) => code !== 'ENODATA') ?? 'ENODATA');
  }
}

/** A lookup's error code (`ENOTFOUND`, `ETIMEOUT`, ...); anything else is a bug, thrown on. */
const codeOf = (error: unknown): string => {
  const code = (error as NodeJS.ErrnoException).code;
  if (!code) throw error;
  return code;
};
