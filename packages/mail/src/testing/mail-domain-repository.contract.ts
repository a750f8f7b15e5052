/** The contract suite of the mail domains' store. */
import { expect } from 'chai';
import { newId } from '@tuma/kernel';
import type { MailDomainRepository } from '../application/domains/mail-domain.repository.port.ts';
import { DEFAULT_MAIL_DNS, RECORD_PURPOSES } from '../domain/domains/dns-records.ts';
import { DomainName } from '../domain/domains/domain-name.value-object.ts';
import { MailDomain, type MailDomainSnapshot, type RecordStatuses } from '../domain/domains/mail-domain.aggregate.ts';

export interface MailDomainRepositoryFixture {
  /** An empty store. */
  readonly repository: MailDomainRepository;
  /** Two accounts that exist. */
  readonly accountIds: readonly [string, string];
  /** Runs a step the way the application does (in a fresh context). */
  readonly step: <T>(work: () => Promise<T>) => Promise<T>;
}

const AT = new Date('2026-11-24T08:00:00.123Z');

const added = (accountId: string, name: string, at = AT): MailDomainSnapshot =>
  MailDomain.add(
    {
      id: newId('dom', at),
      accountId,
      name: DomainName.create(name)._unsafeUnwrap(),
      region: 'af-south-1',
      key: { selector: 'tuma202611-ab12', publicKey: 'MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEAtest', sealedPrivateKey: `v1.sealed.${name}` },
    },
    at,
  ).toSnapshot();

const statuses = (status: RecordStatuses['spf']): RecordStatuses => Object.fromEntries(RECORD_PURPOSES.map((p) => [p, status])) as RecordStatuses;

/** The domain after a check that found everything. */
const verified = (snapshot: MailDomainSnapshot, at = new Date(AT.getTime() + 60_000)): MailDomainSnapshot => {
  const domain = MailDomain.rehydrate(snapshot);
  domain.checked({ ...statuses('verified'), dmarc: 'not_found' }, DEFAULT_MAIL_DNS, at);
  domain.track({ openTracking: true }, at);
  return domain.toSnapshot();
};

export function describeMailDomainRepositoryContract(name: string, make: () => Promise<MailDomainRepositoryFixture>): void {
  describe(`MailDomainRepository contract: ${name}`, () => {
    let f: MailDomainRepositoryFixture;
    let a: string;
    let b: string;
    const step = <T>(work: (repository: MailDomainRepository) => Promise<T>) => f.step(() => work(f.repository));

    beforeEach(async () => {
      f = await make();
      [a, b] = f.accountIds;
    });

    it('stores a domain field for field, found by id and by name within its account only', async () => {
      const domain = added(a, 'example.com');
      expect(await step((r) => r.add(domain))).to.equal(true);
      expect(await step((r) => r.find(a, domain.id))).to.deep.equal(domain);
      expect(await step((r) => r.findByName(a, 'example.com'))).to.deep.equal(domain);
      expect(await step((r) => r.find(b, domain.id)), "another account's id").to.equal(undefined);
      expect(await step((r) => r.findByName(b, 'example.com')), 'another account').to.equal(undefined);
    });

    it('keeps one domain of a name per account: a second is refused, while another account may add it', async () => {
      expect(await step((r) => r.add(added(a, 'example.com')))).to.equal(true);
      expect(await step((r) => r.add(added(a, 'example.com')))).to.equal(false);
      expect(await step((r) => r.list(a))).to.have.length(1);
      expect(await step((r) => r.add(added(b, 'example.com'))), 'another account').to.equal(true);
    });

    it('saves a check and tracking flags, and tells whether another account verified a name', async () => {
      const domain = added(a, 'example.com');
      await step((r) => r.add(domain));
      expect(await step((r) => r.verifiedElsewhere('example.com', b))).to.equal(false);
      await step((r) => r.save(verified(domain)));
      expect(await step((r) => r.find(a, domain.id))).to.deep.equal(verified(domain));
      expect(await step((r) => r.verifiedElsewhere('example.com', b))).to.equal(true);
      expect(await step((r) => r.verifiedElsewhere('example.com', a)), 'its own').to.equal(false);
      expect(await step((r) => r.findVerified('example.com'))).to.deep.equal(verified(domain));
      expect(await step((r) => r.findVerified('other.example.com')), 'no such name').to.equal(undefined);
    });

    it("lists an account's domains newest first", async () => {
      const first = added(a, 'one.example.com');
      const second = added(a, 'two.example.com', new Date(AT.getTime() + 1000));
      for (const domain of [first, second, added(b, 'other.example.com')]) await step((r) => r.add(domain));
      expect(await step((r) => r.list(a))).to.deep.equal([second, first]);
    });

    it("removes a domain of the account, not another account's", async () => {
      const domain = added(a, 'example.com');
      await step((r) => r.add(domain));
      expect(await step((r) => r.remove(b, domain.id))).to.equal(false);
      expect(await step((r) => r.remove(a, domain.id))).to.equal(true);
      expect(await step((r) => r.find(a, domain.id))).to.equal(undefined);
      expect(await step((r) => r.remove(a, domain.id)), 'twice').to.equal(false);
      expect(await step((r) => r.add(added(a, 'example.com'))), 'the name is free again').to.equal(true);
    });
  });
}
