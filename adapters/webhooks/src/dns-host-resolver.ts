import { lookup } from 'node:dns/promises';
import { err, ok, type Result } from '@tuma/kernel';
import type { HostResolver, ResolvedAddress } from '@tuma/webhooks';

/** The system resolver (`getaddrinfo`: DNS A and AAAA records and the hosts file), as connections use it. */
export class DnsHostResolver implements HostResolver {
  async resolve(host: string): Promise<Result<readonly ResolvedAddress[], string>> {
    try {
      const addresses = await lookup(host, { all: true, order: 'verbatim' });
      return ok(addresses.map(({ address, family }) => ({ address, family: family === 6 ? 6 : 4 })));
    } catch (error) {
      return err((error as NodeJS.ErrnoException).code ?? String(error));
    }
  }
}
