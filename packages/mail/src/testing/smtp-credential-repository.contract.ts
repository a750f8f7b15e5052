/** The contract suite of the SMTP credentials' store. */
import { expect } from 'chai';
import { newId } from '@tuma/kernel';
import type { SmtpCredentialRepository } from '../application/smtp/smtp-credential.repository.port.ts';
import { newSmtpUsername, type SmtpCredential } from '../domain/smtp/smtp-credential.ts';

export interface SmtpCredentialRepositoryFixture {
  /** An empty store. */
  readonly repository: SmtpCredentialRepository;
  /** Two accounts that exist. */
  readonly accountIds: readonly [string, string];
  readonly step: <T>(work: () => Promise<T>) => Promise<T>;
}

const at = (second: number) => new Date(Date.UTC(2026, 10, 25, 9, 0, second, 456));

export function describeSmtpCredentialRepositoryContract(name: string, make: () => Promise<SmtpCredentialRepositoryFixture>): void {
  describe(`SmtpCredentialRepository contract: ${name}`, () => {
    let f: SmtpCredentialRepositoryFixture;
    const step = <T>(work: (repository: SmtpCredentialRepository) => Promise<T>) => f.step(() => work(f.repository));
    const credential = (accountId: string, second: number): SmtpCredential => ({
      id: newId('smtpc', at(second)),
      accountId,
      name: `app ${second}`,
      username: newSmtpUsername(),
      // Any 64 hex digits: the store keeps the hash as it is given.
      passwordHash: second.toString(16).padStart(64, '0'),
      createdAt: at(second),
      lastUsedAt: null,
    });

    beforeEach(async () => {
      f = await make();
    });

    it('finds a credential by username, field for field, lists an account’s newest first, and notes logins', async () => {
      const [a, b] = f.accountIds;
      const [older, newer, other] = [credential(a, 1), credential(a, 2), credential(b, 3)];
      for (const c of [older, newer, other]) await step((r) => r.add(c));
      expect(await step((r) => r.findByUsername(older.username))).to.deep.equal(older);
      expect(await step((r) => r.findByUsername('tuma_nobody'))).to.equal(undefined);
      expect((await step((r) => r.listOfAccount(a))).map((c) => c.id)).to.deep.equal([newer.id, older.id]);
      await step((r) => r.touch(older.id, at(9)));
      expect((await step((r) => r.findByUsername(older.username)))!.lastUsedAt).to.deep.equal(at(9));
    });

    it("removes a credential of its own account only, at once", async () => {
      const [a, b] = f.accountIds;
      const c = credential(a, 1);
      await step((r) => r.add(c));
      expect(await step((r) => r.remove(b, c.id)), "another account's").to.equal(false);
      expect(await step((r) => r.remove(a, c.id))).to.equal(true);
      expect(await step((r) => r.findByUsername(c.username))).to.equal(undefined);
      expect(await step((r) => r.remove(a, c.id))).to.equal(false);
    });
  });
}
