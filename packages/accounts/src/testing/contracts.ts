/** Contract suites every AccountRepository / ApiKeyRepository implementation must pass. */
import { expect } from 'chai';
import { currency } from '@tuma/kernel';
import { Account } from '../domain/account.aggregate.ts';
import { ApiKey, type KeyKind } from '../domain/api-key.aggregate.ts';
import { Email } from '../domain/email.value-object.ts';
import type { AccountRepository } from '../application/account.repository.port.ts';
import type { ApiKeyRepository } from '../application/api-key.repository.port.ts';

export interface AccountsFixture {
  readonly accounts: AccountRepository;
  readonly apiKeys: ApiKeyRepository;
  /** Runs a step the way the application does (in a fresh unit of work / context). */
  readonly step: <T>(work: () => Promise<T>) => Promise<T>;
}

const at = new Date('2026-04-01T12:00:00.000Z');
const open = (email: string, isAdmin = false) =>
  Account.open({ email: Email.create(email)._unsafeUnwrap(), walletCurrency: currency('KES'), isAdmin }, at);

export function describeAccountRepositoryContract(name: string, make: () => Promise<AccountsFixture>): void {
  describe(`AccountRepository contract: ${name}`, () => {
    let f: AccountsFixture;
    beforeEach(async () => {
      f = await make();
    });

    it('saves and finds an account by id and by email, field for field', async () => {
      const account = open('wanjiru@example.com');
      await f.step(() => f.accounts.save(account));
      const byId = await f.step(() => f.accounts.findById(account.id));
      const byEmail = await f.step(() => f.accounts.findByEmail('WANJIRU@example.com'));
      expect(byId?.toSnapshot()).to.deep.equal(account.toSnapshot());
      expect(byEmail?.id).to.equal(account.id);
      expect(await f.step(() => f.accounts.findById('acc_missing'))).to.equal(undefined);
    });

    it('updates on a second save', async () => {
      const account = open('tunde@example.com');
      await f.step(() => f.accounts.save(account));
      account.changeStatus('suspended', new Date('2026-04-02T00:00:00.000Z'));
      await f.step(() => f.accounts.save(account));
      const stored = await f.step(() => f.accounts.findById(account.id));
      expect(stored?.status).to.equal('suspended');
      expect(stored?.toSnapshot().updatedAt.toISOString()).to.equal('2026-04-02T00:00:00.000Z');
    });

    it('counts customers but not operators', async () => {
      await f.step(() => f.accounts.save(open('one@example.com')));
      await f.step(() => f.accounts.save(open('two@example.com')));
      await f.step(() => f.accounts.save(open('op@example.com', true)));
      expect(await f.step(() => f.accounts.countCustomers())).to.equal(2);
    });
  });

  describe(`ApiKeyRepository contract: ${name}`, () => {
    let f: AccountsFixture;
    let owner: Account;
    beforeEach(async () => {
      f = await make();
      owner = open('keys@example.com');
      await f.step(() => f.accounts.save(owner));
    });

    const issue = (prefix: string, kind: KeyKind = 'customer', issuedAt = at, accountId = owner.id) =>
      ApiKey.issue({ accountId, prefix, secretHash: 'a'.repeat(64), environment: 'live', scopes: ['send', 'query'], kind, name: 'ci' }, issuedAt);

    it('saves and finds a key by prefix, field for field', async () => {
      const key = issue('svc_live_AbCd1234');
      await f.step(() => f.apiKeys.save(key));
      const found = await f.step(() => f.apiKeys.findByPrefix('svc_live_AbCd1234'));
      expect(found?.toSnapshot()).to.deep.equal(key.toSnapshot());
      expect((await f.step(() => f.apiKeys.findById(key.id)))?.toSnapshot()).to.deep.equal(key.toSnapshot());
      expect(await f.step(() => f.apiKeys.findById('key_missing'))).to.equal(undefined);
      expect(await f.step(() => f.apiKeys.findByPrefix('svc_live_zzzzzzzz'))).to.equal(undefined);
    });

    it('persists revocation and last use', async () => {
      const key = issue('svc_live_Revoked1');
      await f.step(() => f.apiKeys.save(key));
      key.markUsed(new Date('2026-04-03T00:00:00.000Z'));
      key.revoke(new Date('2026-04-04T00:00:00.000Z'));
      await f.step(() => f.apiKeys.save(key));
      const found = (await f.step(() => f.apiKeys.findByPrefix('svc_live_Revoked1')))!.toSnapshot();
      expect(found.lastUsedAt?.toISOString()).to.equal('2026-04-03T00:00:00.000Z');
      expect(found.revokedAt?.toISOString()).to.equal('2026-04-04T00:00:00.000Z');
    });

    it('records last use alone, never going back in time nor touching revocation', async () => {
      const key = issue('svc_live_UsedKey1');
      await f.step(() => f.apiKeys.save(key));
      const revokedElsewhere = (await f.step(() => f.apiKeys.findById(key.id)))!;
      revokedElsewhere.revoke(new Date('2026-04-02T00:00:00.000Z'));
      await f.step(() => f.apiKeys.save(revokedElsewhere));
      await f.step(() => f.apiKeys.recordUse(key.id, new Date('2026-04-03T00:00:00.000Z')));
      await f.step(() => f.apiKeys.recordUse(key.id, new Date('2026-04-02T12:00:00.000Z')));
      await f.step(() => f.apiKeys.recordUse('key_missing', new Date('2026-04-03T00:00:00.000Z')));
      const found = (await f.step(() => f.apiKeys.findById(key.id)))!.toSnapshot();
      expect(found.lastUsedAt?.toISOString()).to.equal('2026-04-03T00:00:00.000Z');
      expect(found.revokedAt?.toISOString()).to.equal('2026-04-02T00:00:00.000Z');
    });

    it('lists active operator keys only', async () => {
      const active = issue('op_aaaaaaaaaaaa', 'operator');
      const revoked = issue('op_bbbbbbbbbbbb', 'operator');
      revoked.revoke(at);
      await f.step(() => f.apiKeys.save(active));
      await f.step(() => f.apiKeys.save(revoked));
      await f.step(() => f.apiKeys.save(issue('svc_live_Customer')));
      const listed = await f.step(() => f.apiKeys.listActiveOperatorKeys());
      expect(listed.map((key) => key.prefix)).to.deep.equal(['op_aaaaaaaaaaaa']);
    });

    it("lists an account's keys of a kind with the revoked ones when asked, newest first; not operator keys nor other accounts'", async () => {
      const other = open('other-keys@example.com');
      await f.step(() => f.accounts.save(other));
      const older = issue('svc_live_Older111');
      const newer = ApiKey.issue({ ...older.toSnapshot(), prefix: 'svc_test_Newer111', environment: 'test', kind: 'customer' }, new Date(at.getTime() + 1000));
      newer.revoke(at);
      const foreign = ApiKey.issue({ ...older.toSnapshot(), accountId: other.id, prefix: 'svc_live_Foreign1', kind: 'customer' }, at);
      for (const key of [older, newer, foreign, issue('op_cccccccccccc', 'operator')]) await f.step(() => f.apiKeys.save(key));
      const listed = await f.step(() => f.apiKeys.listOfAccount(owner.id, 'customer', { includeRevoked: true }));
      expect(listed.map((key) => key.toSnapshot())).to.deep.equal([newer.toSnapshot(), older.toSnapshot()]);
    });

    it("lists an account's unrevoked keys of one kind, newest first", async () => {
      const other = open('other-keys@example.com');
      await f.step(() => f.accounts.save(other));
      const older = issue('svc_k_Older111', 'mail');
      const newer = issue('svc_k_Newer111', 'mail', new Date(at.getTime() + 1000));
      const revoked = issue('svc_k_Revoked1', 'mail');
      revoked.revoke(at);
      for (const key of [older, newer, revoked, issue('svc_live_Sms11111'), issue('svc_k_Others11', 'mail', at, other.id)]) await f.step(() => f.apiKeys.save(key));
      const listed = await f.step(() => f.apiKeys.listOfAccount(owner.id, 'mail', { includeRevoked: false }));
      expect(listed.map((key) => key.toSnapshot())).to.deep.equal([newer.toSnapshot(), older.toSnapshot()]);
      expect((await f.step(() => f.apiKeys.listOfAccount(owner.id, 'customer', { includeRevoked: false }))).map((key) => key.prefix)).to.deep.equal(['svc_live_Sms11111']);
    });
  });
}
