/** Contract suite every TopUpRepository implementation must pass. */
import { expect } from 'chai';
import { currency, Money, newId } from '@tuma/kernel';
import type { TopUpRepository } from '../application/top-up.repository.port.ts';
import { TopUp, type PaymentProviderName } from '../domain/top-up.aggregate.ts';

export interface TopUpRepositoryFixture {
  readonly topUps: TopUpRepository;
  /** An account that exists (top-ups belong to one). */
  readonly accountId: string;
  /** Runs a step the way the application does (in a fresh unit of work / context). */
  readonly step: <T>(work: () => Promise<T>) => Promise<T>;
  /** Runs a step inside a transaction (for `forUpdate`). */
  readonly transaction: <T>(work: () => Promise<T>) => Promise<T>;
}

const at = new Date('2026-04-01T12:00:00.000Z');
const later = new Date('2026-04-01T12:05:00.000Z');

const open = (accountId: string, sessionId: string, provider: PaymentProviderName = 'stripe', amount = '2500.5') =>
  TopUp.open(
    {
      id: newId('top', at),
      accountId,
      amount: Money.parse(amount, 'KES')._unsafeUnwrap(),
      provider,
      providerSessionId: sessionId,
      checkoutUrl: `https://checkout.example/${sessionId}`,
      customerEmail: 'amina@example.com',
    },
    at,
  );

export function describeTopUpRepositoryContract(name: string, make: () => Promise<TopUpRepositoryFixture>): void {
  describe(`TopUpRepository contract: ${name}`, () => {
    let f: TopUpRepositoryFixture;
    beforeEach(async () => {
      f = await make();
    });

    it('saves a top-up and finds it by id and by its provider session, field for field', async () => {
      const topUp = open(f.accountId, 'cs_test_a1');
      await f.step(() => f.topUps.save(topUp));
      const byId = await f.step(() => f.topUps.findById(topUp.id));
      const bySession = await f.step(() => f.topUps.findBySession('stripe', 'cs_test_a1'));
      expect(byId?.toSnapshot()).to.deep.equal(topUp.toSnapshot());
      expect(bySession?.toSnapshot()).to.deep.equal(topUp.toSnapshot());
      expect(byId?.amount.equals(Money.parse('2500.5', 'KES')._unsafeUnwrap())).to.equal(true);
      expect(byId?.amount.currency).to.equal(currency('KES'));
    });

    it('finds nothing for an unknown id, an unknown session, or a session of another provider', async () => {
      await f.step(() => f.topUps.save(open(f.accountId, 'same_session', 'hosted')));
      expect(await f.step(() => f.topUps.findById('top_missing'))).to.equal(undefined);
      expect(await f.step(() => f.topUps.findBySession('hosted', 'other'))).to.equal(undefined);
      expect(await f.step(() => f.topUps.findBySession('stripe', 'same_session'))).to.equal(undefined);
    });

    it('updates on a second save: completion, expiry and failure with its reason', async () => {
      const paid = open(f.accountId, 'cs_paid');
      const expired = open(f.accountId, 'cs_expired');
      const failed = open(f.accountId, 'cs_failed');
      await f.step(async () => {
        for (const topUp of [paid, expired, failed]) await f.topUps.save(topUp);
      });
      expect(paid.recordPayment(paid.amount, later)).to.equal('credit');
      expect(expired.expire(later)).to.equal(true);
      expect(failed.fail('card_declined', later)).to.equal(true);
      await f.step(async () => {
        for (const topUp of [paid, expired, failed]) await f.topUps.save(topUp);
      });
      for (const topUp of [paid, expired, failed]) {
        expect((await f.step(() => f.topUps.findById(topUp.id)))?.toSnapshot()).to.deep.equal(topUp.toSnapshot());
      }
      const stored = await f.step(() => f.topUps.findBySession('stripe', 'cs_paid'));
      expect([stored?.status, stored?.completedAt?.toISOString()]).to.deep.equal(['completed', later.toISOString()]);
    });

    it('finds for update inside a unit of work, with the same answer', async () => {
      const topUp = open(f.accountId, 'cs_locked');
      await f.step(() => f.topUps.save(topUp));
      const locked = await f.transaction(() => f.topUps.findBySession('stripe', 'cs_locked', { forUpdate: true }));
      expect(locked?.id).to.equal(topUp.id);
    });

    it('keeps nothing a failing unit of work saved: a new top-up nor a change', async () => {
      const kept = open(f.accountId, 'cs_kept');
      await f.step(() => f.topUps.save(kept));
      const before = kept.toSnapshot();
      const failure = new Error('the unit of work failed');
      const thrown = await f
        .transaction(async () => {
          await f.topUps.save(open(f.accountId, 'cs_rolled_back'));
          kept.expire(later);
          await f.topUps.save(kept);
          throw failure;
        })
        .catch((error: unknown) => error);
      expect(thrown).to.equal(failure);
      expect(await f.step(() => f.topUps.findBySession('stripe', 'cs_rolled_back'))).to.equal(undefined);
      expect((await f.step(() => f.topUps.findById(kept.id)))?.toSnapshot()).to.deep.equal(before);
    });

    it('refuses a second top-up with the same provider session', async () => {
      await f.step(() => f.topUps.save(open(f.accountId, 'cs_twice')));
      let failure: unknown;
      try {
        await f.step(() => f.topUps.save(open(f.accountId, 'cs_twice')));
      } catch (error) {
        failure = error;
      }
      expect(failure).to.be.instanceOf(Error);
    });
  });
}
