import { expect } from 'chai';
import fc from 'fast-check';
import { analyticsAllowed, monthlyAllowance, UNLIMITED, type LinksPlanLimits } from '../src/index.ts';

const plan = (limits: Partial<LinksPlanLimits> = {}): LinksPlanLimits => ({ tier: 'free', monthlyLinks: 25, monthlyQr: 25, analyticsDays: 30, ...limits });

describe('links: the plan’s limits', () => {
  it('law: with n used, one more is allowed exactly when n < limit; unlimited always allows', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000 }), fc.integer({ min: 0, max: 10_000 }), (limit, used) => {
        const refused = monthlyAllowance(plan({ monthlyLinks: limit }), 'monthlyLinks', used);
        return (refused === undefined) === used < limit && monthlyAllowance(plan({ monthlyLinks: UNLIMITED }), 'monthlyLinks', used) === undefined;
      }),
    );
  });

  it('names the limit it refuses by', () => {
    expect(monthlyAllowance(plan(), 'monthlyQr', 25)).to.deep.include({ type: 'plan_limit_reached', product: 'links', tier: 'free', resource: 'monthlyQr', limit: 25 });
  });

  it('allows analytics windows up to analyticsDays (any with -1)', () => {
    expect(analyticsAllowed(plan(), 30)).to.equal(undefined);
    expect(analyticsAllowed(plan(), 31)).to.deep.include({ type: 'plan_feature_unavailable', feature: 'analyticsDays' });
    expect(analyticsAllowed(plan({ analyticsDays: UNLIMITED }), 365)).to.equal(undefined);
  });
});
