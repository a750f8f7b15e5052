import { expect } from 'chai';
import { FakeClock } from '@tuma/kernel/testing';
import { AddDomain, DEFAULT_MAIL_DNS, VerifyDomain, type MailDomainView } from '@tuma/mail';
import { InMemoryDkimKeys, InMemoryMailDomainRepository } from '@tuma/mail/testing';
import { dnsServersFrom, NodeDnsResolver } from '@tuma/dns-adapter';
import { DnsZoneServer } from '../../dns/test/support/dns-zone-server.ts';

/** Publishes a TXT value in strings of at most `size` characters, as zones publish long records. */
const inPieces = (value: string, size: number): string[] => value.match(new RegExp(`.{1,${size}}`, 'g'))!;

/** Mail's domain checks on node's resolver and a real DNS server (the resolver's own contract: adapters/dns/test). */
describe('mail domains verified by NodeDnsResolver against a real DNS server', () => {
  let server: DnsZoneServer;
  let resolver: NodeDnsResolver;

  before(async () => {
    server = await new DnsZoneServer().start();
    resolver = new NodeDnsResolver({ servers: dnsServersFrom(` ${server.address} , `) });
  });
  beforeEach(() => server.clear());
  after(() => server.close());

  describe('verifying a domain', () => {
    const clock = new FakeClock('2026-11-24T08:00:00.000Z');
    const mail = () => {
      const domains = new InMemoryMailDomainRepository();
      return { addDomain: new AddDomain(domains, new InMemoryDkimKeys(), DEFAULT_MAIL_DNS, clock), verifyDomain: new VerifyDomain(domains, resolver, DEFAULT_MAIL_DNS, clock) };
    };
    const record = (domain: MailDomainView, purpose: string) => domain.records.find((r) => r.purpose === purpose)!;

    it('verifies a domain whose DKIM key is published in 255-character strings', async () => {
      const service = mail();
      const domain = (await service.addDomain.execute({ accountId: 'acc_a', name: 'example.com' }))._unsafeUnwrap();
      const dkim = record(domain, 'dkim');
      expect(dkim.value.length).to.be.greaterThan(255);
      server.publishTxt(record(domain, 'spf').host, record(domain, 'spf').value).publishTxt(dkim.host, ...inPieces(dkim.value, 255));
      server.publishMx(record(domain, 'return_path_mx').host, record(domain, 'return_path_mx').value);
      const verified = (await service.verifyDomain.execute({ accountId: 'acc_a', domainId: domain.id }))._unsafeUnwrap();
      expect(verified.status).to.equal('verified');
      expect(verified.records.map((r) => [r.purpose, r.status])).to.deep.equal([['spf', 'verified'], ['dkim', 'verified'], ['return_path_mx', 'verified'], ['return_path_spf', 'not_found'], ['dmarc', 'not_found']]);
    });

    it('answers dns_records_not_found naming DKIM when only SPF is published', async () => {
      const service = mail();
      const domain = (await service.addDomain.execute({ accountId: 'acc_a', name: 'example.com' }))._unsafeUnwrap();
      server.publishTxt('example.com', record(domain, 'spf').value);
      expect((await service.verifyDomain.execute({ accountId: 'acc_a', domainId: domain.id }))._unsafeUnwrapErr()).to.deep.include({
        type: 'dns_records_not_found',
        missing: [{ purpose: 'dkim', host: record(domain, 'dkim').host, status: 'not_found' }],
      });
    });
  });
});
