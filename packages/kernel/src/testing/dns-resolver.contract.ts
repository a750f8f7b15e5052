/** The contract suite of the resolver ports (`DnsResolver`, `HostResolver`): the in-memory zone answers as node's resolver on a real DNS server does. */
import { expect } from 'chai';
import type { DnsResolver, HostResolver } from '../application/dns-resolver.port.ts';

/** Where a suite publishes records: the in-memory resolver itself, or a DNS server the real resolver asks. */
export interface DnsZone {
  publishTxt(host: string, ...strings: readonly string[]): unknown;
  publishMx(host: string, exchange: string, priority?: number): unknown;
  publishAddress(host: string, address: string): unknown;
}

export interface DnsResolverFixture {
  /** A resolver of an empty zone. */
  readonly resolver: DnsResolver & HostResolver;
  readonly zone: DnsZone;
}

export function describeDnsResolverContract(name: string, make: () => Promise<DnsResolverFixture>): void {
  describe(`DnsResolver and HostResolver contract: ${name}`, () => {
    let f: DnsResolverFixture;

    beforeEach(async () => {
      f = await make();
    });

    it('answers TXT records string by string, MX records, and no records (not a failure) for a name it does not know', async () => {
      f.zone.publishTxt('example.com', 'v=spf1 ', 'include:_spf.tuma.local ~all');
      f.zone.publishMx('bounces.example.com', 'feedback.tuma.local', 10);
      expect(await f.resolver.resolve('TXT', 'Example.COM')).to.deep.equal({ kind: 'txt', records: [['v=spf1 ', 'include:_spf.tuma.local ~all']] });
      expect(await f.resolver.resolve('MX', 'bounces.example.com')).to.deep.equal({ kind: 'mx', records: [{ exchange: 'feedback.tuma.local', priority: 10 }] });
      expect(await f.resolver.resolve('TXT', 'nothing.example.com')).to.deep.equal({ kind: 'txt', records: [] });
    });

    it('answers every A and AAAA record of a name (IPv4 first), and one family when the name has only that one', async () => {
      f.zone.publishAddress('both.example.com', '2606:2800:220:1:248:1893:25c8:1946');
      f.zone.publishAddress('both.example.com', '93.184.216.34');
      f.zone.publishAddress('v4.example.com', '10.1.2.3');
      f.zone.publishAddress('v6.example.com', 'fd00::1');
      expect((await f.resolver.addresses('Both.Example.com'))._unsafeUnwrap()).to.deep.equal([
        { address: '93.184.216.34', family: 4 },
        { address: '2606:2800:220:1:248:1893:25c8:1946', family: 6 },
      ]);
      expect((await f.resolver.addresses('v4.example.com'))._unsafeUnwrap()).to.deep.equal([{ address: '10.1.2.3', family: 4 }]);
      expect((await f.resolver.addresses('v6.example.com'))._unsafeUnwrap()).to.deep.equal([{ address: 'fd00::1', family: 6 }]);
    });

    it('answers why a name has no address: ENOTFOUND for a name it does not know, ENODATA for one with other records only', async () => {
      f.zone.publishTxt('text-only.example.com', 'hello');
      expect((await f.resolver.addresses('example.com'))._unsafeUnwrapErr()).to.equal('ENOTFOUND');
      expect((await f.resolver.addresses('text-only.example.com'))._unsafeUnwrapErr()).to.equal('ENODATA');
    });
  });
}
