import { expect } from 'chai';
import fc from 'fast-check';
import { PRODUCTS, TIERS, type Product } from '../src/index.ts';
import { subscriptionsWorld } from './support/subscriptions-world.ts';

const DAY_MS = 86_400_000;

/** What an account's owner (or time, or the sweep) does next. */
type Action =
  | { readonly kind: 'subscribe' | 'change'; readonly account: number; readonly product: Product; readonly tier: string }
  | { readonly kind: 'cancel'; readonly account: number; readonly product: Product }
  | { readonly kind: 'wait'; readonly ms: number }
  | { readonly kind: 'sweep' };

const product = fc.constantFrom(...PRODUCTS);
const account = fc.integer({ min: 0, max: 1 });
const action: fc.Arbitrary<Action> = fc.oneof(
  fc.record({ kind: fc.constantFrom('subscribe' as const, 'change' as const), account, product, tier: fc.constantFrom(...TIERS) }),
  fc.record({ kind: fc.constant('cancel' as const), account, product }),
  fc.integer({ min: 1, max: 20 * DAY_MS }).map((ms) => ({ kind: 'wait' as const, ms })),
  fc.constant({ kind: 'sweep' as const }),
);

describe('subscriptions through their use cases (model-based)', () => {
  it('never has two active subscriptions of one product per account, and charges each period of a subscription at most once', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(action, { minLength: 10, maxLength: 40 }), fc.array(fc.constantFrom('3000', '20000', '200000'), { minLength: 2, maxLength: 2 }), async (actions, topUps) => {
        const w = await subscriptionsWorld();
        const accounts = [await w.account(topUps[0]!), await w.account(topUps[1]!)];
        for (const a of actions) {
          if (a.kind === 'wait') w.clock.advance(a.ms);
          else if (a.kind === 'sweep') await w.service.renewDueSubscriptions.run();
          else {
            const accountId = accounts[a.account]!;
            const current = await w.repository.findActive(accountId, a.product);
            if (a.kind === 'subscribe') await w.service.subscribe.execute({ accountId, product: a.product, tier: a.tier });
            else if (current && a.kind === 'change') await w.service.changeTier.execute({ accountId, subscriptionId: current.id, tier: a.tier });
            else if (current) await w.service.cancelSubscription.execute({ accountId, subscriptionId: current.id });
          }
          for (const accountId of accounts) {
            const rows = await w.repository.list(accountId);
            for (const p of PRODUCTS) expect(rows.filter((s) => s.product === p && s.status === 'active').length, `${accountId} ${p}`).to.be.at.most(1);
            const periods = (await w.fees(accountId)).map((f) => f.reference).filter((r) => !r.includes(':upgrade:'));
            expect(new Set(periods).size, 'one charge per subscription and month').to.equal(periods.length);
          }
        }
      }),
      { numRuns: 60 },
    );
  });
});
