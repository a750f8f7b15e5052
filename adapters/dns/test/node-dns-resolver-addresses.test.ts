import { expect } from 'chai';
import { NodeDnsResolver } from '../src/index.ts';
import { DnsZoneServer } from './support/dns-zone-server.ts';

/** The addresses the URL policy checks, looked up on the configured servers (`DNS_SERVERS`), never the system's. */
describe('NodeDnsResolver addresses against a real DNS server', () => {
  let zone: DnsZoneServer;
  let resolver: NodeDnsResolver;

  before(async () => {
    zone = await new DnsZoneServer().start();
    resolver = new NodeDnsResolver({ servers: [zone.address] });
  });
  after(() => zone.close());

  it('answers every A and AAAA record of a name, and one family when the name has only that one', async () => {
    zone.publishAddress('both.example.com', '93.184.216.34').publishAddress('both.example.com', '2606:2800:220:1:248:1893:25c8:1946').publishAddress('v4.example.com', '10.1.2.3');
    expect((await resolver.addresses('both.example.com'))._unsafeUnwrap()).to.deep.equal([
      { address: '93.184.216.34', family: 4 },
      { address: '2606:2800:220:1:248:1893:25c8:1946', family: 6 },
    ]);
    expect((await resolver.addresses('v4.example.com'))._unsafeUnwrap()).to.deep.equal([{ address: '10.1.2.3', family: 4 }]);
  });

  it('answers why a name has no address: ENOTFOUND for a name the servers do not know (example.com included: the system resolver is not asked), a timeout when no server answers', async () => {
    expect((await resolver.addresses('example.com'))._unsafeUnwrapErr()).to.equal('ENOTFOUND');
    const silent = new NodeDnsResolver({ servers: ['127.0.0.1:9'], timeoutMs: 200 });
    expect((await silent.addresses('example.com'))._unsafeUnwrapErr()).to.be.oneOf(['ETIMEOUT', 'ECONNREFUSED']);
  });
});
