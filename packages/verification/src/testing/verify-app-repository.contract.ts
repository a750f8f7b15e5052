/** The contract suite of the Verify Apps' store. */
import { expect } from 'chai';
import { newId } from '@tuma/kernel';
import type { VerifyAppRepository } from '../application/apps/verify-app.repository.port.ts';
import { VERIFY_APP_DEFAULTS, type VerifyAppSnapshot } from '../domain/apps/verify-app.ts';

export interface VerifyAppRepositoryFixture {
  /** An empty store. */
  readonly apps: VerifyAppRepository;
  /** Two accounts that exist. */
  readonly accountIds: readonly [string, string];
  /** Runs a step the way the application does: in a fresh context. */
  readonly step: <T>(work: () => Promise<T>) => Promise<T>;
}

const T0 = new Date('2026-06-01T08:00:00.000Z');

export function describeVerifyAppRepositoryContract(name: string, make: () => Promise<VerifyAppRepositoryFixture>): void {
  describe(`VerifyAppRepository contract: ${name}`, () => {
    let f: VerifyAppRepositoryFixture;
    beforeEach(async () => (f = await make()));
    const app = (accountId: string, at: Date, changes: Partial<VerifyAppSnapshot> = {}): VerifyAppSnapshot => ({
      ...VERIFY_APP_DEFAULTS,
      id: newId('vera', at),
      accountId,
      isDefault: false,
      createdAt: at,
      updatedAt: at,
      ...changes,
    });

    it("stores apps field for field, lists an account's oldest first, and keeps them per account", async () => {
      const [a, b] = f.accountIds;
      const second = app(a, new Date(T0.getTime() + 1_000), { name: 'Shop', brand: 'Duka', codeLength: 8, allowedCountries: ['KE', 'TZ'], senderId: 'DUKA', policy: { ttlSeconds: 300, maxCheckAttempts: 3, maxSends: 2, resendCooldownSeconds: 60 } });
      const first = app(a, T0);
      const theirs = app(b, T0);
      for (const each of [second, first, theirs]) await f.step(() => f.apps.add(each));
      expect(await f.step(() => f.apps.find(a, second.id))).to.deep.equal(second);
      expect(await f.step(() => f.apps.find(b, second.id)), "another account's").to.equal(undefined);
      expect(await f.step(() => f.apps.list(a))).to.deep.equal([first, second]);
      expect(await f.step(() => f.apps.list(b))).to.deep.equal([theirs]);
    });

    it('saves changes, and removes an app of its account only, saying whether it was there', async () => {
      const [a, b] = f.accountIds;
      const stored = app(a, T0);
      await f.step(() => f.apps.add(stored));
      const changed = { ...stored, brand: 'Duka', allowedCountries: ['KE', 'TZ'], updatedAt: new Date(T0.getTime() + 1) };
      await f.step(() => f.apps.save(changed));
      expect(await f.step(() => f.apps.find(a, stored.id))).to.deep.equal(changed);
      expect(await f.step(() => f.apps.remove(b, stored.id)), "from another account").to.equal(false);
      expect(await f.step(() => f.apps.remove(a, stored.id))).to.equal(true);
      expect(await f.step(() => f.apps.remove(a, stored.id)), 'gone').to.equal(false);
      expect(await f.step(() => f.apps.list(a))).to.deep.equal([]);
    });

    it("stores an account's default app once: later drafts get the stored one", async () => {
      const [a, b] = f.accountIds;
      await f.step(() => f.apps.add(app(a, T0, { name: 'Not the default' })));
      const made = await f.step(() => f.apps.ensureDefault(app(a, T0, { isDefault: true })));
      expect(made).to.include({ isDefault: true, accountId: a });
      expect(await f.step(() => f.apps.ensureDefault(app(a, new Date(T0.getTime() + 1), { isDefault: true, brand: 'Other' })))).to.deep.equal(made);
      expect((await f.step(() => f.apps.ensureDefault(app(b, T0, { isDefault: true })))).accountId, 'per account').to.equal(b);
      expect(await f.step(() => f.apps.list(a))).to.have.length(2);
    });
  });
}
