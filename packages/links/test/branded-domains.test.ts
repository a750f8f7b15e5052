import { expect } from 'chai';
import { FakeClock, InMemoryDnsResolver } from '@tuma/kernel/testing';
import { hostOfHeader, readHostname, smsText, type LinksPlanLimits, type LinksPlans, type TlsProvisioner } from '../src/index.ts';
import { AddBrandedDomain } from '../src/application/domains/add-branded-domain.use-case.ts';
import { DeleteBrandedDomain } from '../src/application/domains/delete-branded-domain.use-case.ts';
import { VerifyBrandedDomain } from '../src/application/domains/verify-branded-domain.use-case.ts';
import { BrandedHosts } from '../src/application/domains/branded-hosts.ts';
import { PlanGate } from '../src/application/plans/plan-gate.ts';
import { InMemoryBrandedDomainRepository, InMemoryLinkRepository, InMemoryLinksUsage, InMemoryQrCodeRepository } from '../src/testing/index.ts';

const STARTER: LinksPlanLimits = {
  tier: 'starter',
  monthlyLinks: 1000,
  monthlyQr: 1000,
  apiMonthly: 25_000,
  maxDomains: 2,
  analyticsDays: 365,
  hasBrandedDomains: true,
  hasCountryDeviceAnalytics: true,
  hasWebhooks: false,
  hasSmsIntegration: true,
};

class Tls implements TlsProvisioner {
  ready = false;
  asked: string[] = [];
  async provision(hostname: string): Promise<boolean> {
    this.asked.push(hostname);
    return this.ready;
  }
}

describe('links: branded domains', () => {
  it('reads hostnames as Host headers carry them: lower case, punycode, no trailing dot; refuses anything else naming hostname', () => {
    expect(readHostname(' Go.Example.COM. ')._unsafeUnwrap()).to.equal('go.example.com');
    expect(readHostname('bücher.example')._unsafeUnwrap()).to.equal('xn--bcher-kva.example');
    for (const bad of ['', 'localhost', 'go.example.com/x', 'go.example.com:443', 'user@go.example.com', '192.168.1.1', '[::1]', 'go..example', '-go.example', 'go.example.42', `${'a'.repeat(64)}.example`]) {
      const refused = readHostname(bad);
      expect(refused.isErr(), bad).to.equal(true);
      expect(refused._unsafeUnwrapErr().details[0]!.path).to.equal('hostname');
    }
    expect(hostOfHeader('GO.Example.com:8443')).to.equal('go.example.com');
    expect(hostOfHeader('go.example.com.')).to.equal('go.example.com');
    expect(hostOfHeader(undefined)).to.equal(undefined);
  });

  it('puts the link into the SMS text: every {{link}}, else after the text, else alone', () => {
    expect(smsText('Go {{link}} now, {{link}}', 'https://s.example/a')).to.equal('Go https://s.example/a now, https://s.example/a');
    expect(smsText('Our sale:\n', 'https://s.example/a')).to.equal('Our sale: https://s.example/a');
    expect(smsText(undefined, 'https://s.example/a')).to.equal('https://s.example/a');
  });

  describe('the use cases', () => {
    const clock = new FakeClock('2026-11-25T08:00:00.000Z');
    let dns: InMemoryDnsResolver;
    let tls: Tls;
    let domains: InMemoryBrandedDomainRepository;
    let plan: LinksPlanLimits;
    const plans: LinksPlans = { planOf: async () => plan };

    beforeEach(() => {
      dns = new InMemoryDnsResolver();
      tls = new Tls();
      domains = new InMemoryBrandedDomainRepository(new InMemoryLinkRepository());
      plan = STARTER;
    });

    const add = (hostname: string, accountId = 'acc_a') => {
      const gate = new PlanGate(plans, new InMemoryLinksUsage(new InMemoryLinkRepository(), new InMemoryQrCodeRepository()), clock);
      return new AddBrandedDomain(domains, gate, () => ['s.tuma.example'], clock).execute({ accountId, hostname });
    };
    const verify = (id: string) => new VerifyBrandedDomain(domains, dns, tls, clock).execute({ accountId: 'acc_a', id });

    it('refuses our own short domain, a plan without branded domains (403) and one past max_domains (402, pending ones counted)', async () => {
      expect((await add('s.tuma.example'))._unsafeUnwrapErr()).to.deep.include({ type: 'validation_error' });
      plan = { ...STARTER, hasBrandedDomains: false };
      expect((await add('go.a.example'))._unsafeUnwrapErr()).to.deep.include({ type: 'plan_feature_unavailable', feature: 'hasBrandedDomains' });
      plan = STARTER;
      (await add('one.example'))._unsafeUnwrap();
      (await add('two.example'))._unsafeUnwrap();
      expect((await add('three.example'))._unsafeUnwrapErr()).to.deep.include({ type: 'plan_limit_reached', resource: 'maxDomains', limit: 2 });
      expect((await add('one.example', 'acc_b'))._unsafeUnwrapErr()).to.deep.include({ type: 'hostname_taken', hostname: 'one.example' });
    });

    it('verifies on the token in one of the TXT records (strings joined), says why not otherwise, then asks for TLS until it is ready', async () => {
      const domain = (await add('go.acme.example'))._unsafeUnwrap();
      expect((await verify(domain.id))._unsafeUnwrapErr()).to.deep.include({ type: 'txt_record_not_found', reason: 'not_found', txtRecord: `_svc-links.go.acme.example TXT ${domain.verifyToken}` });
      dns.fail('_svc-links.go.acme.example');
      expect((await verify(domain.id))._unsafeUnwrapErr()).to.deep.include({ reason: 'dns_failed' });
      dns = new InMemoryDnsResolver().publishTxt('_svc-links.go.acme.example', 'v=spf1 -all').publishTxt('_svc-links.go.acme.example', domain.verifyToken.slice(0, 10), domain.verifyToken.slice(10));
      const verified = (await verify(domain.id))._unsafeUnwrap();
      expect(verified).to.deep.include({ verified: true, tlsReady: false, verifiedAt: clock.now() });
      expect(tls.asked).to.deep.equal(['go.acme.example']);
      tls.ready = true;
      dns = new InMemoryDnsResolver();
      expect((await verify(domain.id))._unsafeUnwrap(), 'verified for good: the record is not checked again').to.deep.include({ verified: true, tlsReady: true });
      expect((await verify(domain.id))._unsafeUnwrap().tlsReady).to.equal(true);
      expect(tls.asked, 'not asked once ready').to.have.length(2);
      expect((await new VerifyBrandedDomain(domains, dns, tls, clock).execute({ accountId: 'acc_b', id: domain.id }))._unsafeUnwrapErr().type).to.equal('not_found');
    });

    it('resolves Hosts and short URLs of verified domains only, and forgets a deleted one', async () => {
      const hosts = new BrandedHosts(domains, () => 'https://s.tuma.example/s');
      const domain = (await add('go.acme.example'))._unsafeUnwrap();
      expect(await hosts.domainOf('go.acme.example')).to.equal(undefined);
      dns.publishTxt('_svc-links.go.acme.example', domain.verifyToken);
      await verify(domain.id);
      expect(await hosts.domainOf('GO.acme.example:443')).to.equal(domain.id);
      expect(await hosts.servesTls('go.acme.example')).to.equal(true);
      expect(await hosts.shortUrlOf({ accountId: 'acc_a', domainId: domain.id, slug: 'spring' })).to.equal('https://go.acme.example/spring');
      expect(await hosts.shortUrlOf({ accountId: 'acc_a', domainId: null, slug: 'spring' })).to.equal('https://s.tuma.example/s/spring');
      (await new DeleteBrandedDomain(domains).execute({ accountId: 'acc_a', id: domain.id }))._unsafeUnwrap();
      expect(await hosts.servesTls('go.acme.example')).to.equal(false);
    });
  });
});
