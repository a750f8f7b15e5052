/** The contract suite of the subscriptions' store. */
import { expect } from 'chai';
import { newId } from '@tuma/kernel';
import type { SubscriptionRepository } from '../application/subscriptions/subscription.repository.port.ts';
import type { PaidTier, Product } from '../domain/plans/products.ts';
import { Subscription, type SubscriptionSnapshot } from '../domain/subscriptions/subscription.aggregate.ts';

export interface SubscriptionRepositoryFixture {
  /** An empty store. */
  readonly repository: SubscriptionRepository;
  /** Two accounts that exist. */
  readonly accountIds: readonly [string, string];
  /** Runs a step the way the application does: in a fresh context, inside a unit of work (locks need one). */
  readonly step: <T>(work: () => Promise<T>) => Promise<T>;
}

const JULY = new Date('2026-07-14T09:30:00.123Z');
const AUGUST = new Date('2026-08-01T00:00:00.000Z');

const started = (accountId: string, product: Product, tier: PaidTier = 'starter', at = JULY): SubscriptionSnapshot =>
  Subscription.start({ id: newId('sub', at), accountId, product, tier }, at).toSnapshot();

/** The subscription after its period ended with a cancel (free from August). */
const ended = (snapshot: SubscriptionSnapshot): SubscriptionSnapshot => {
  const subscription = Subscription.rehydrate(snapshot);
  subscription.changeTier('free', JULY)._unsafeUnwrap();
  subscription.end('canceled', AUGUST);
  return subscription.toSnapshot();
};

export function describeSubscriptionRepositoryContract(name: string, make: () => Promise<SubscriptionRepositoryFixture>): void {
  describe(`SubscriptionRepository contract: ${name}`, () => {
    let f: SubscriptionRepositoryFixture;
    let a: string;
    let b: string;
    const step = <T>(work: (repository: SubscriptionRepository) => Promise<T>) => f.step(() => work(f.repository));

    beforeEach(async () => {
      f = await make();
      [a, b] = f.accountIds;
    });

    it('stores a subscription field for field and finds it as the active one of its product', async () => {
      const links = started(a, 'links', 'business');
      expect(await step((r) => r.add(links))).to.equal(true);
      expect(await step((r) => r.findActive(a, 'links'))).to.deep.equal(links);
      expect(await step((r) => r.findActive(a, 'mail')), 'another product').to.equal(undefined);
      expect(await step((r) => r.findActive(b, 'links')), 'another account').to.equal(undefined);
      expect(await step((r) => r.lock(links.id))).to.deep.equal(links);
    });

    it('keeps one active subscription per account and product: a second is refused, written nowhere', async () => {
      const first = started(a, 'links');
      const second = started(a, 'links', 'enterprise');
      expect(await step((r) => r.add(first))).to.equal(true);
      expect(await step((r) => r.add(second))).to.equal(false);
      expect(await step((r) => r.list(a))).to.deep.equal([first]);
      expect(await step((r) => r.add(started(a, 'mail'))), 'the other product').to.equal(true);
      expect(await step((r) => r.add(started(b, 'links'))), 'another account').to.equal(true);
    });

    it('admits a new subscription once the last one ended, and lists both, newest first', async () => {
      const first = started(a, 'mail');
      await step((r) => r.add(first));
      await step((r) => r.save(ended(first)));
      const again = started(a, 'mail', 'professional', new Date(AUGUST.getTime() + 3_600_000));
      expect(await step((r) => r.add(again))).to.equal(true);
      expect(await step((r) => r.list(a))).to.deep.equal([again, ended(first)]);
      expect(await step((r) => r.findActive(a, 'mail'))).to.deep.equal(again);
    });

    it('saves every change: tier, waiting tier, cancel, period and end', async () => {
      const subscription = started(a, 'links', 'professional');
      await step((r) => r.add(subscription));
      const changed = Subscription.rehydrate(subscription);
      changed.changeTier('starter', JULY)._unsafeUnwrap();
      await step((r) => r.save(changed.toSnapshot()));
      expect(await step((r) => r.lock(subscription.id))).to.deep.equal(changed.toSnapshot());
      changed.renewed(AUGUST);
      await step((r) => r.save(changed.toSnapshot()));
      expect(await step((r) => r.lock(subscription.id))).to.deep.include({ tier: 'starter', pendingTier: null, currentPeriodStart: AUGUST });
      const canceled = ended(subscription);
      await step((r) => r.save(canceled));
      expect(await step((r) => r.lock(subscription.id))).to.deep.equal(canceled);
    });

    it('answers the active subscriptions whose period ended, in id order, a page at a time', async () => {
      const due = [started(a, 'links'), started(a, 'mail'), started(b, 'links')];
      const later = started(b, 'mail', 'starter', AUGUST);
      const over = started(b, 'mail', 'starter', JULY);
      for (const s of [...due, over]) await step((r) => r.add(s));
      await step((r) => r.save(ended(over)));
      await step((r) => r.add(later));
      const ids = due.map((s) => s.id).sort();
      expect(await step((r) => r.dueIds(new Date(AUGUST.getTime() - 1), null, 10)), 'before the period ends').to.deep.equal([]);
      expect(await step((r) => r.dueIds(AUGUST, null, 10))).to.deep.equal(ids);
      expect(await step((r) => r.dueIds(AUGUST, null, 2))).to.deep.equal(ids.slice(0, 2));
      expect(await step((r) => r.dueIds(AUGUST, ids[1]!, 2))).to.deep.equal(ids.slice(2));
    });
  });
}
