/** The contract suite of the verifications' store. */
import { expect } from 'chai';
import { currency, Money, newId } from '@tuma/kernel';
import type { VerificationRepository, VerificationScope } from '../application/verifications/verification.repository.port.ts';
import { Verification, type VerificationSnapshot } from '../domain/verifications/verification.aggregate.ts';

export interface VerificationRepositoryFixture {
  /** An empty store. */
  readonly verifications: VerificationRepository;
  /** Two accounts that exist. */
  readonly accountIds: readonly [string, string];
  /** Runs a step the way the application does: in a fresh context. */
  readonly step: <T>(work: () => Promise<T>) => Promise<T>;
  /** Runs a step inside a unit of work (locks need one). */
  readonly transaction: <T>(work: () => Promise<T>) => Promise<T>;
}

const T0 = new Date('2026-06-01T08:00:00.000Z');
const POLICY = { ttlSeconds: 600, maxCheckAttempts: 5, maxSends: 5, resendCooldownSeconds: 30 };
const later = (ms: number) => new Date(T0.getTime() + ms);

const checkedWrong = (snapshot: VerificationSnapshot): VerificationSnapshot => {
  const verification = Verification.rehydrate(snapshot);
  verification.check(false, T0);
  return verification.toSnapshot();
};

export function describeVerificationRepositoryContract(name: string, make: () => Promise<VerificationRepositoryFixture>): void {
  describe(`VerificationRepository contract: ${name}`, () => {
    let f: VerificationRepositoryFixture;
    let live: VerificationScope;
    const started = (to: string, at = T0, scope: VerificationScope = live): VerificationSnapshot =>
      Verification.start(
        { id: newId('ver', at), ...scope, appId: 'vera_1', to, country: 'KE', policy: POLICY, codeHash: 'ab'.repeat(32), messageId: newId('msg', at), cost: Money.parse('0.8', currency('KES'))._unsafeUnwrap() },
        at,
      ).toSnapshot();

    beforeEach(async () => {
      f = await make();
      live = { accountId: f.accountIds[0], environment: 'live' };
    });

    it('stores verifications field for field, per account and environment, and lists them newest first as of now', async () => {
      const repository = f.verifications;
      const first = started('+254712000001');
      const second = started('+254712000002', later(1_000));
      const sandbox = started('+254712000003', T0, { ...live, environment: 'test' });
      const elsewhere = started('+254712000004', T0, { accountId: f.accountIds[1], environment: 'live' });
      await f.step(() => repository.add([first, second, sandbox, elsewhere]));
      expect(await f.step(() => repository.find(live, first.id))).to.deep.equal(first);
      expect(await f.step(() => repository.find({ ...live, environment: 'test' }, first.id)), 'the other environment').to.equal(undefined);
      expect(await f.step(() => repository.find({ accountId: f.accountIds[1], environment: 'live' }, first.id)), 'another account').to.equal(undefined);
      const listed = await f.step(() => repository.list({ ...live, page: 0, limit: 10, now: T0 }));
      expect([listed.items.map((v) => v.id), listed.total]).to.deep.equal([[second.id, first.id], 2]);
      expect((await f.step(() => repository.list({ ...live, page: 1, limit: 1, now: T0 }))).items.map((v) => v.id), 'the second page').to.deep.equal([first.id]);
      const expiry = later(600_500);
      expect((await f.step(() => repository.list({ ...live, status: 'expired', page: 0, limit: 10, now: expiry }))).items.map((v) => v.id)).to.deep.equal([first.id]);
      expect((await f.step(() => repository.list({ ...live, status: 'pending', page: 0, limit: 10, now: expiry }))).items.map((v) => v.id)).to.deep.equal([second.id]);
      expect((await f.step(() => repository.list({ ...live, to: '+254712000002', page: 0, limit: 10, now: T0 }))).total).to.equal(1);
    });

    it('expires the pending verifications past their expiry, at most the limit, dropping their hash', async () => {
      const repository = f.verifications;
      const [a, b, c] = [started('+254712000001'), started('+254712000002', T0, { ...live, environment: 'test' }), started('+254712000003', later(600_000))];
      await f.step(() => repository.add([a, b, c]));
      expect(await f.step(() => repository.expireDue(later(600_500), 1)), 'the limit').to.equal(1);
      expect(await f.step(() => repository.expireDue(later(600_500), 100)), 'the live and the sandbox one, not the later one').to.equal(1);
      const after = await f.step(() => repository.findAll([a, b, c].map((v) => ({ scope: { accountId: v.accountId, environment: v.environment }, id: v.id }))));
      expect(Object.fromEntries(after.map((v) => [v.id, [v.status, v.codeHash === null]]))).to.deep.equal({ [a.id]: ['expired', true], [b.id]: ['expired', true], [c.id]: ['pending', false] });
    });

    it('saves changed verifications, many in one call', async () => {
      const repository = f.verifications;
      const [a, b] = [started('+254712000001'), started('+254712000002')];
      await f.step(() => repository.add([a, b]));
      await f.step(() => repository.save([checkedWrong(a), { ...b, sends: 2 }]));
      const after = await f.step(() => repository.findAll([a, b].map((v) => ({ scope: live, id: v.id }))));
      expect(Object.fromEntries(after.map((v) => [v.id, [v.checkAttempts, v.sends]]))).to.deep.equal({ [a.id]: [1, 1], [b.id]: [0, 2] });
    });

    it("locks many at once, each only in its caller's scope, in id order", async () => {
      const repository = f.verifications;
      const [a, b] = [started('+254712000006'), started('+254712000007', later(1))];
      await f.step(() => repository.add([a, b]));
      const locked = await f.transaction(async () => {
        expect((await repository.lock(live, a.id))?.id).to.equal(a.id);
        expect(await repository.lock({ ...live, environment: 'test' }, a.id)).to.equal(undefined);
        return repository.lockAll([
          { scope: live, id: b.id },
          { scope: { ...live, environment: 'test' }, id: a.id },
          { scope: live, id: 'ver_unknown' },
          { scope: live, id: a.id },
        ]);
      });
      expect(locked.map((v) => v.id)).to.deep.equal([a.id, b.id].toSorted());
    });

    it('reads many without a lock and writes each only where it is still as read (status, checks, sends)', async () => {
      const repository = f.verifications;
      const [a, b, c] = [started('+254712000008'), started('+254712000009'), started('+254712000010')];
      await f.step(() => repository.add([a, b, c]));
      const read = await f.step(() => repository.findAll([{ scope: live, id: a.id }, { scope: live, id: b.id }, { scope: live, id: c.id }, { scope: { ...live, environment: 'test' }, id: a.id }]));
      expect(read.map((v) => v.id).toSorted()).to.deep.equal([a.id, b.id, c.id].toSorted());
      // Meanwhile another process checks b, and c is resent.
      await f.step(() => repository.save([checkedWrong(b), { ...c, sends: 2 }]));
      const written = await f.step(() => repository.saveIfUnchanged(read.map((v) => ({ before: v, after: checkedWrong(v) }))));
      expect([...written]).to.deep.equal([a.id]);
      const after = await f.step(() => repository.findAll([a, b, c].map((v) => ({ scope: live, id: v.id }))));
      expect(Object.fromEntries(after.map((v) => [v.id, [v.checkAttempts, v.sends]]))).to.deep.equal({ [a.id]: [1, 1], [b.id]: [1, 1], [c.id]: [0, 2] });
    });

    it('locks those whose latest code went out in one of the messages given, in id order (an earlier message of a resent one does not count)', async () => {
      const repository = f.verifications;
      const [first, resent, other] = [started('+254712000011', later(2)), started('+254712000012', later(1)), started('+254712000013')];
      const resentOne = { ...resent, messageIds: [...resent.messageIds, 'msg_later'] };
      await f.step(() => repository.add([first, resentOne, other]));
      const locked = await f.transaction(() => repository.lockByLatestMessage([first.messageIds[0]!, resent.messageIds[0]!, 'msg_later']));
      expect(locked.map((v) => v.id)).to.deep.equal([first.id, resent.id].toSorted());
      expect(await f.transaction(() => repository.lockByLatestMessage([]))).to.deep.equal([]);
    });
  });
}
