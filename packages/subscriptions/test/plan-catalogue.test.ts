import { expect } from 'chai';
import { allPlans, planOf, PRODUCTS, TIERS, UNLIMITED, withinPlan, type Plan } from '../src/index.ts';

/** A counted limit as a number to compare: unlimited is more than any cap. */
const asCap = (value: number) => (value === UNLIMITED ? Number.POSITIVE_INFINITY : value);

describe('plan catalogue', () => {
  it('has every tier of every product, cheapest first, free at 0 and each paid tier dearer than the one before', () => {
    expect(allPlans().map((p) => `${p.product}:${p.tier}`)).to.deep.equal(PRODUCTS.flatMap((product) => TIERS.map((tier) => `${product}:${tier}`)));
    for (const product of PRODUCTS) {
      const prices = TIERS.map((tier) => planOf(product, tier).priceUsd);
      expect(prices.every((price) => price.currency === 'USD'), product).to.equal(true);
      expect(prices[0]!.isZero(), `${product} free`).to.equal(true);
      for (let i = 1; i < prices.length; i++) expect(prices[i]!.greaterThan(prices[i - 1]!), `${product} ${TIERS[i]}`).to.equal(true);
    }
  });

  it('never takes a limit or a feature away on a dearer tier', () => {
    for (const product of PRODUCTS) {
      const plans: Plan[] = TIERS.map((tier) => planOf(product, tier));
      for (let i = 1; i < plans.length; i++) {
        for (const [name, value] of Object.entries(plans[i]!.limits)) {
          const before = (plans[i - 1]!.limits as unknown as Record<string, number | boolean>)[name]!;
          if (typeof value === 'boolean') expect(value || !before, `${product} ${TIERS[i]} ${name}`).to.equal(true);
          else expect(asCap(value), `${product} ${TIERS[i]} ${name}`).to.be.at.least(asCap(before as number));
        }
      }
    }
  });

  it("uses the spec's links plan fields and gives branded domains only where max_domains allows one", () => {
    for (const tier of TIERS) {
      const { limits } = planOf('links', tier);
      expect(Object.keys(limits)).to.have.members(['monthlyLinks', 'monthlyQr', 'apiMonthly', 'maxDomains', 'maxTeam', 'analyticsDays', 'hasBrandedDomains', 'hasCountryDeviceAnalytics', 'hasWebhooks', 'hasSmsIntegration']);
      expect(limits.hasBrandedDomains, tier).to.equal(limits.maxDomains !== 0);
    }
  });

  it('checks an action against a counted limit: up to the cap passes, past it is plan_limit_reached, unlimited always passes', () => {
    const free = planOf('links', 'free');
    expect(withinPlan(free, 'monthlyLinks', 25).isOk()).to.equal(true);
    expect(withinPlan(free, 'monthlyLinks', 26)._unsafeUnwrapErr()).to.deep.include({ type: 'plan_limit_reached', product: 'links', tier: 'free', resource: 'monthlyLinks', limit: 25 });
    expect(withinPlan(planOf('mail', 'enterprise'), 'maxTeam', 10_000).isOk()).to.equal(true);
  });
});
