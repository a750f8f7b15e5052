import { expect } from 'chai';
import { describeDnsResolverContract } from '@tuma/kernel/testing/contracts';
import { NodeDnsResolver } from '../src/index.ts';
import { DnsZoneServer } from './support/dns-zone-server.ts';

/** The server's one resolver on a real DNS server on 127.0.0.1 (`DNS_SERVERS`): the system's servers are never asked. */
describe('NodeDnsResolver against a real DNS server', () => {
  let zone: DnsZoneServer;

  before(async () => {
    zone = await new DnsZoneServer().start();
  });
  after(() => zone.close());

  describeDnsResolverContract('node (c-ares) on DNS_SERVERS', async () => {
    zone.clear();
    return { resolver: new NodeDnsResolver({ servers: [zone.address] }), zone };
  });

  it('answers a failure, not a throw, when no server answers: for records, and for addresses (why, as a code)', async () => {
    const silent = new NodeDnsResolver({ servers: ['127.0.0.1:9'], timeoutMs: 200 });
    expect(await silent.resolve('TXT', 'example.com')).to.have.property('kind', 'failed');
    expect((await silent.addresses('example.com'))._unsafeUnwrapErr()).to.be.oneOf(['ETIMEOUT', 'ECONNREFUSED']);
  });
});
