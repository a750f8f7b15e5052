import { expect } from 'chai';
import { FakeClock } from '@tuma/kernel/testing';
import { API_PLAN_TTL_MS, UNLIMITED, type ApiRequestCounts, type LinksPlanLimits, type LinksPlans } from '../src/index.ts';
import { ApiRequestMeter } from '../src/application/usage/api-request-meter.ts';
import { InMemoryApiRequestCounts } from '../src/testing/index.ts';

const FREE: LinksPlanLimits = {
  tier: 'free',
  monthlyLinks: 25,
  monthlyQr: 25,
  apiMonthly: 5,
  maxDomains: 0,
  analyticsDays: 30,
  hasBrandedDomains: false,
  hasCountryDeviceAnalytics: false,
  hasWebhooks: false,
  hasSmsIntegration: false,
};

/** The plan an account is on, changed by the test; counts its reads. */
class Plans implements LinksPlans {
  plan = FREE;
  reads = 0;
  async planOf(): Promise<LinksPlanLimits> {
    this.reads++;
    return this.plan;
  }
}

/** A store that may be made to fail, counting its reads. */
class Store extends InMemoryApiRequestCounts {
  failing = false;
  reads = 0;
  override async add(month: string, increments: ReadonlyMap<string, number>): Promise<ReadonlyMap<string, number>> {
    if (this.failing) throw new Error('database down');
    return super.add(month, increments);
  }
  override async countOf(month: string, accountId: string): Promise<number> {
    this.reads++;
    return super.countOf(month, accountId);
  }
}

const admitted = async (meter: ApiRequestMeter, n: number, accountId = 'acc_a'): Promise<boolean[]> => {
  const answers: boolean[] = [];
  for (let i = 0; i < n; i++) answers.push((await meter.admit(accountId)) === undefined);
  return answers;
};

describe('links: the API requests meter (api_monthly)', () => {
  let clock: FakeClock;
  let store: Store;
  let plans: Plans;

  beforeEach(() => {
    clock = new FakeClock('2026-11-30T12:00:00.000Z');
    store = new Store();
    plans = new Plans();
  });

  it('admits up to the plan’s apiMonthly, then refuses (402 naming it) without counting the refusal; reads the store once and the plan once a minute', async () => {
    const meter = new ApiRequestMeter(store, plans, clock);
    expect(await admitted(meter, 5)).to.deep.equal([true, true, true, true, true]);
    expect(await meter.admit('acc_a')).to.deep.include({ type: 'plan_limit_reached', product: 'links', resource: 'apiMonthly', limit: 5 });
    expect(store.reads, 'the month read once').to.equal(1);
    expect(store.writes, 'nothing written per request').to.equal(0);
    await meter.flush();
    expect(await store.countOf('2026-11', 'acc_a'), 'the refusal not counted').to.equal(5);
    expect(plans.reads, 'once, then again before the refusal').to.equal(2);
  });

  it('lifts a refusal at once when the plan was raised, and trusts a cached plan for a minute otherwise', async () => {
    const meter = new ApiRequestMeter(store, plans, clock);
    await admitted(meter, 5);
    plans.plan = { ...FREE, tier: 'starter', apiMonthly: UNLIMITED };
    expect(await meter.admit('acc_a')).to.equal(undefined);
    plans.plan = FREE;
    expect(await meter.admit('acc_a'), 'the raised plan, cached').to.equal(undefined);
    clock.advance(API_PLAN_TTL_MS);
    expect(await meter.admit('acc_a')).to.deep.include({ type: 'plan_limit_reached' });
  });

  it('learns the other processes’ requests at each flush, and keeps counts a failed flush could not write', async () => {
    const one = new ApiRequestMeter(store, plans, clock);
    const two = new ApiRequestMeter(store, plans, clock);
    await admitted(one, 2);
    await admitted(two, 2);
    await one.flush();
    store.failing = true;
    await two.flush().then(
      () => expect.fail('the write failed'),
      (error: Error) => expect(error.message).to.equal('database down'),
    );
    store.failing = false;
    await two.flush();
    expect(await store.countOf('2026-11', 'acc_a')).to.equal(4);
    expect(await admitted(two, 2), 'two knows the total: 4 of 5').to.deep.equal([true, false]);
    expect(await admitted(one, 1), 'one still knows 2 of 5').to.deep.equal([true]);
    await one.flush();
    await two.flush();
    expect(await store.countOf('2026-11', 'acc_a'), 'one admitted before learning of two’s last: the flush period’s overshoot').to.equal(6);
  });

  it('starts a new count with the calendar month (UTC), flushing the old month’s to its own row', async () => {
    const meter = new ApiRequestMeter(store, plans, clock);
    await admitted(meter, 5);
    clock.set('2026-12-01T00:00:00.000Z');
    expect(await admitted(meter, 2)).to.deep.equal([true, true]);
    await meter.flush();
    expect([await store.countOf('2026-11', 'acc_a'), await store.countOf('2026-12', 'acc_a')]).to.deep.equal([5, 2]);
    expect(await admitted(meter, 1, 'acc_b'), 'accounts apart').to.deep.equal([true]);
  });

  it('shares one first read between an account’s concurrent requests', async () => {
    const slow: ApiRequestCounts = { add: (m, i) => store.add(m, i), countOf: async (m, a) => (await new Promise((r) => setTimeout(r, 10)), store.countOf(m, a)) };
    const meter = new ApiRequestMeter(slow, plans, clock);
    const answers = await Promise.all(Array.from({ length: 8 }, () => meter.admit('acc_a')));
    expect(answers.filter((answer) => answer === undefined)).to.have.length(5);
    expect(store.reads).to.equal(1);
  });
});
