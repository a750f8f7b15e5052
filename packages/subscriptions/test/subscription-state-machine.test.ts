import { expect } from 'chai';
import fc from 'fast-check';
import { periodFrom, Subscription, TIERS, type PaidTier, type Tier } from '../src/index.ts';

const DAY_MS = 86_400_000;
const moment = fc.date({ min: new Date('2025-01-01T00:00:00Z'), max: new Date('2035-12-31T00:00:00Z'), noInvalidDate: true });
const paidTier = fc.constantFrom<PaidTier>('starter', 'business', 'professional', 'enterprise');
const anyTier = fc.constantFrom<Tier>(...TIERS);

/** What happens to a subscription between two looks: time passes, a tier is asked for, the renewal runs (paid or not). */
type Step = { readonly kind: 'wait'; readonly ms: number } | { readonly kind: 'change'; readonly tier: Tier } | { readonly kind: 'renew'; readonly paid: boolean };
const step: fc.Arbitrary<Step> = fc.oneof(
  fc.integer({ min: 1, max: 45 * DAY_MS }).map((ms) => ({ kind: 'wait' as const, ms })),
  anyTier.map((tier) => ({ kind: 'change' as const, tier })),
  fc.boolean().map((paid) => ({ kind: 'renew' as const, paid })),
);

const start = (tier: PaidTier, at: Date) => Subscription.start({ id: 'sub_1', accountId: 'acc_1', product: 'links', tier }, at);

describe('subscription state machine (properties)', () => {
  it('periods never overlap or leave a gap: each starts where the last ended and ends on the first of the next month', () => {
    fc.assert(
      fc.property(moment, paidTier, fc.array(step, { maxLength: 40 }), (at, tier, steps) => {
        const subscription = start(tier, at);
        let now = at;
        const periods = [{ start: subscription.toSnapshot().currentPeriodStart, end: subscription.toSnapshot().currentPeriodEnd }];
        for (const s of steps) {
          if (s.kind === 'wait') now = new Date(now.getTime() + s.ms);
          else if (s.kind === 'change' && subscription.renewalAt(now).kind === 'not_due') subscription.changeTier(s.tier, now);
          else if (s.kind === 'renew' && subscription.renewalAt(now).kind === 'charge') {
            if (s.paid) subscription.renewed(now);
            else subscription.end('payment_failed', now);
          } else if (s.kind === 'renew' && subscription.renewalAt(now).kind === 'end') subscription.end('canceled', now);
          const { currentPeriodStart, currentPeriodEnd } = subscription.toSnapshot();
          const last = periods[periods.length - 1]!;
          if (currentPeriodStart.getTime() !== last.start.getTime()) periods.push({ start: currentPeriodStart, end: currentPeriodEnd });
        }
        for (let i = 1; i < periods.length; i++) {
          expect(periods[i]!.start.getTime(), 'no gap, no overlap').to.equal(periods[i - 1]!.end.getTime());
          expect(periods[i]!.end.getTime()).to.equal(periodFrom(periods[i]!.start).end.getTime());
        }
        const ended = subscription.toSnapshot();
        if (ended.status === 'canceled') expect(ended.endedAt!.getTime(), 'free from the last period end').to.equal(ended.currentPeriodEnd.getTime());
      }),
    );
  });

  it('a canceled subscription keeps its tier to the period end and falls back to free from it', () => {
    fc.assert(
      fc.property(moment, paidTier, fc.double({ min: 0, max: 1, noNaN: true }), (at, tier, when) => {
        const subscription = start(tier, at);
        const end = subscription.toSnapshot().currentPeriodEnd;
        const cancelAt = new Date(at.getTime() + Math.floor((end.getTime() - at.getTime() - 1) * when));
        expect(subscription.changeTier('free', cancelAt)._unsafeUnwrap()).to.deep.equal({ kind: 'cancel', at: end });
        expect(subscription.tierAt(new Date(end.getTime() - 1))).to.equal(tier);
        expect(subscription.tierAt(end)).to.equal('free');
        expect(subscription.renewalAt(end)).to.deep.equal({ kind: 'end' });
        subscription.end('canceled', end);
        expect(subscription.toSnapshot()).to.deep.include({ status: 'canceled', endedAt: end, endReason: 'canceled' });
        expect(subscription.changeTier(tier, end)._unsafeUnwrapErr().type).to.equal('subscription_ended');
      }),
    );
  });

  it('an upgrade applies at once; a downgrade waits for the period end; the current tier drops what waits', () => {
    fc.assert(
      fc.property(moment, paidTier, paidTier, (at, from, to) => {
        const subscription = start(from, at);
        const end = subscription.toSnapshot().currentPeriodEnd;
        const change = subscription.changeTier(to, at)._unsafeUnwrap();
        const rank = (t: Tier) => TIERS.indexOf(t);
        if (rank(to) > rank(from)) {
          expect(change).to.deep.include({ kind: 'upgrade', from, to });
          expect(subscription.tierAt(at)).to.equal(to);
        } else if (rank(to) < rank(from)) {
          expect(change).to.deep.equal({ kind: 'downgrade', to, at: end });
          expect([subscription.tierAt(at), subscription.tierAt(end)]).to.deep.equal([from, to]);
          subscription.changeTier(from, at);
          expect(subscription.tierAt(end), 'the downgrade dropped').to.equal(from);
        } else expect(change).to.deep.equal({ kind: 'unchanged' });
      }),
    );
  });
});
