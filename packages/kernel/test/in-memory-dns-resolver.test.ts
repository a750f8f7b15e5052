import { expect } from 'chai';
import { describeDnsResolverContract } from '../src/testing/contracts.ts';
import { InMemoryDnsResolver } from '../src/testing/index.ts';

describeDnsResolverContract('in memory', async () => {
  const resolver = new InMemoryDnsResolver();
  return { resolver, zone: resolver };
});

describe('InMemoryDnsResolver failures', () => {
  it('answers a failed host as SERVFAIL for records and addresses alike', async () => {
    const dns = new InMemoryDnsResolver().publishAddress('down.example.com', '93.184.216.34').fail('down.example.com');
    expect(await dns.resolve('TXT', 'down.example.com')).to.deep.equal({ kind: 'failed', reason: 'SERVFAIL down.example.com' });
    expect((await dns.addresses('down.example.com'))._unsafeUnwrapErr()).to.equal('ESERVFAIL');
  });
});
