import { expect } from 'chai';
import { FakeClock } from '@tuma/kernel/testing';
import { AddDomain, DEFAULT_MAIL_DNS, DeleteDomain, GetDomain, ListDomains, UpdateDomainTracking, VerifyDomain, type MailDomainView, type RecordPurpose } from '../src/index.ts';
import { InMemoryDkimKeys, InMemoryDnsResolver, InMemoryMailDomainRepository } from '../src/testing/index.ts';

const A = 'acc_a';
const B = 'acc_b';

function world() {
  const clock = new FakeClock('2026-11-24T08:00:00.000Z');
  const dns = new InMemoryDnsResolver();
  const domains = new InMemoryMailDomainRepository();
  // The domain use cases as `createMail` builds them, over the domain ports alone.
  const mail = {
    addDomain: new AddDomain(domains, new InMemoryDkimKeys(), DEFAULT_MAIL_DNS, clock),
    listDomains: new ListDomains(domains, DEFAULT_MAIL_DNS),
    getDomain: new GetDomain(domains, DEFAULT_MAIL_DNS),
    verifyDomain: new VerifyDomain(domains, dns, DEFAULT_MAIL_DNS, clock),
    updateDomainTracking: new UpdateDomainTracking(domains, DEFAULT_MAIL_DNS, clock),
    deleteDomain: new DeleteDomain(domains),
  };
  /** Publishes the domain's records in the zone, but those named. */
  const publish = (domain: MailDomainView, ...except: RecordPurpose[]) => {
    for (const r of domain.records.filter((r) => !except.includes(r.purpose))) {
      if (r.type === 'MX') dns.publishMx(r.host, r.value, r.priority!);
      else dns.publishTxt(r.host, r.value);
    }
  };
  return { clock, dns, mail, publish };
}

describe('mail domain use cases', () => {
  it('adds a pending domain, normalised, with a dated selector and every record pending', async () => {
    const { mail } = world();
    const domain = (await mail.addDomain.execute({ accountId: A, name: 'Example.COM', region: 'eu-west-1' }))._unsafeUnwrap();
    expect(domain).to.include({ name: 'example.com', region: 'eu-west-1', status: 'pending', openTracking: false, clickTracking: false, checkedAt: null });
    expect(domain.dkimSelector).to.match(/^tuma202611-[a-z0-9]{4}$/);
    expect(domain.records.map((r) => [r.purpose, r.status])).to.deep.equal([['spf', 'pending'], ['dkim', 'pending'], ['return_path_mx', 'pending'], ['return_path_spf', 'pending'], ['dmarc', 'pending']]);
    expect(domain).not.to.have.property('dkimPrivateKeySealed');
    expect((await mail.getDomain.execute({ accountId: A, domainId: domain.id }))._unsafeUnwrap()).to.deep.equal(domain);
  });

  it('refuses a bad name or region, and a name the account has or another account verified', async () => {
    const { mail, publish } = world();
    expect((await mail.addDomain.execute({ accountId: A, name: 'co.ke' }))._unsafeUnwrapErr().type).to.equal('validation_error');
    expect((await mail.addDomain.execute({ accountId: A, name: 'example.com', region: 'mars-1' }))._unsafeUnwrapErr()).to.deep.include({ type: 'validation_error' });
    const mine = (await mail.addDomain.execute({ accountId: A, name: 'example.com' }))._unsafeUnwrap();
    expect((await mail.addDomain.execute({ accountId: A, name: 'EXAMPLE.com.' }))._unsafeUnwrapErr()).to.include({ type: 'domain_already_exists', name: 'example.com' });
    expect((await mail.addDomain.execute({ accountId: B, name: 'example.com' })).isOk(), 'pending elsewhere: B may claim it too').to.equal(true);
    publish(mine);
    (await mail.verifyDomain.execute({ accountId: A, domainId: mine.id }))._unsafeUnwrap();
    expect((await mail.addDomain.execute({ accountId: 'acc_c', name: 'example.com' }))._unsafeUnwrapErr().type).to.equal('domain_already_exists');
  });

  it('verifies a domain whose SPF and DKIM are published, reporting each record', async () => {
    const { clock, mail, publish } = world();
    const added = (await mail.addDomain.execute({ accountId: A, name: 'example.com' }))._unsafeUnwrap();
    publish(added, 'dmarc', 'return_path_mx');
    clock.advance(60_000);
    const verified = (await mail.verifyDomain.execute({ accountId: A, domainId: added.id }))._unsafeUnwrap();
    expect(verified.status).to.equal('verified');
    expect(verified.checkedAt).to.deep.equal(clock.now());
    expect(Object.fromEntries(verified.records.map((r) => [r.purpose, r.status]))).to.deep.equal({
      spf: 'verified',
      dkim: 'verified',
      return_path_mx: 'not_found',
      return_path_spf: 'verified',
      dmarc: 'not_found',
    });
  });

  it('answers dns_records_not_found naming a missing DKIM record, and keeps the check (failed)', async () => {
    const { mail, publish } = world();
    const added = (await mail.addDomain.execute({ accountId: A, name: 'example.com' }))._unsafeUnwrap();
    publish(added, 'dkim');
    const error = (await mail.verifyDomain.execute({ accountId: A, domainId: added.id }))._unsafeUnwrapErr();
    expect(error).to.deep.include({ type: 'dns_records_not_found', missing: [{ purpose: 'dkim', host: `${added.dkimSelector}._domainkey.example.com`, status: 'not_found' }] });
    const stored = (await mail.getDomain.execute({ accountId: A, domainId: added.id }))._unsafeUnwrap();
    expect(stored.status).to.equal('failed');
    expect(stored.records.find((r) => r.purpose === 'spf')!.status).to.equal('verified');
  });

  it('keeps a verified domain verified when DNS fails to answer, and names SPF and DKIM when nothing is published', async () => {
    const { dns, mail, publish } = world();
    const added = (await mail.addDomain.execute({ accountId: A, name: 'example.com' }))._unsafeUnwrap();
    publish(added);
    await mail.verifyDomain.execute({ accountId: A, domainId: added.id });
    dns.fail(`${added.dkimSelector}._domainkey.example.com`);
    expect((await mail.verifyDomain.execute({ accountId: A, domainId: added.id }))._unsafeUnwrapErr()).to.deep.include({
      missing: [{ purpose: 'dkim', host: `${added.dkimSelector}._domainkey.example.com`, status: 'temporary_failure' }],
    });
    expect((await mail.getDomain.execute({ accountId: A, domainId: added.id }))._unsafeUnwrap().status).to.equal('verified');
    const { mail: elsewhere } = world();
    const other = (await elsewhere.addDomain.execute({ accountId: A, name: 'example.com' }))._unsafeUnwrap();
    const nothing = (await elsewhere.verifyDomain.execute({ accountId: A, domainId: other.id }))._unsafeUnwrapErr();
    expect(nothing.type === 'dns_records_not_found' && nothing.missing.map((m) => m.purpose)).to.deep.equal(['spf', 'dkim']);
  });

  it('changes tracking flags, lists newest first and deletes; another account sees none of it', async () => {
    const { clock, mail } = world();
    const first = (await mail.addDomain.execute({ accountId: A, name: 'one.example.com' }))._unsafeUnwrap();
    clock.advance(1000);
    const second = (await mail.addDomain.execute({ accountId: A, name: 'two.example.com' }))._unsafeUnwrap();
    const tracked = (await mail.updateDomainTracking.execute({ accountId: A, domainId: first.id, clickTracking: true }))._unsafeUnwrap();
    expect(tracked).to.include({ openTracking: false, clickTracking: true });
    expect((await mail.listDomains.execute(A))._unsafeUnwrap().map((d) => d.id)).to.deep.equal([second.id, first.id]);
    const theirs = { accountId: B, domainId: first.id };
    for (const result of [await mail.getDomain.execute(theirs), await mail.verifyDomain.execute(theirs), await mail.updateDomainTracking.execute({ ...theirs, openTracking: true }), await mail.deleteDomain.execute(theirs)]) {
      expect(result._unsafeUnwrapErr()).to.include({ type: 'not_found', resource: 'domain', id: first.id });
    }
    expect((await mail.deleteDomain.execute({ accountId: A, domainId: first.id })).isOk()).to.equal(true);
    expect((await mail.listDomains.execute(A))._unsafeUnwrap().map((d) => d.id)).to.deep.equal([second.id]);
  });
});
