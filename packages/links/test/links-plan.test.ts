import { expect } from 'chai';
import fc from 'fast-check';
import { analyticsAllowed, featureAllowed, monthlyAllowance, UNLIMITED, type LinksPlanLimits } from '../src/index.ts';

const plan = (limits: Partial<LinksPlanLimits> = {}): LinksPlanLimits => ({
  tier: 'free',
  monthlyLinks: 25,
  monthlyQr: 25,
  apiMonthly: 1000,
  maxDomains: 0,
  analyticsDays: 30,
  hasBrandedDomains: false,
  hasCountryDeviceAnalytics: false,
  hasWebhooks: false,
  hasSmsIntegration: false,
  ...limits,
});

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

  it('refuses a feature the plan lacks (403 naming it), and counts domains and API requests as the other limits', () => {
    expect(featureAllowed(plan(), 'hasWebhooks')).to.deep.include({ type: 'plan_feature_unavailable', tier: 'free', feature: 'hasWebhooks' });
    expect(featureAllowed(plan({ hasWebhooks: true }), 'hasWebhooks')).to.equal(undefined);
    expect(monthlyAllowance(plan({ maxDomains: 2 }), 'maxDomains', 2)).to.deep.include({ resource: 'maxDomains', limit: 2 });
    expect(monthlyAllowance(plan(), 'apiMonthly', 999)).to.equal(undefined);
    expect(monthlyAllowance(plan(), 'apiMonthly', 1000)).to.deep.include({ resource: 'apiMonthly', limit: 1000 });
  });
});
