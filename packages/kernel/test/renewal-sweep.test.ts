import { expect } from 'chai';
import { defineJob, err, ok, RenewalSweep, type Renewable, type SweepSlot, type UnitOfWork } from '../src/index.ts';
import { FakeClock, ImmediateUnitOfWork, InMemoryJobScheduler } from '../src/testing/index.ts';

const JOB = defineJob<SweepSlot>({ name: 'test.renew' });

/** Accounts of a toy renewal: `due` ones are charged, `broke` ones fail, `no_rate` ones answer an Err. */
interface Plan {
  readonly id: number;
  state: 'due' | 'broke' | 'no_rate' | 'paid' | 'suspended';
}

function world(states: Plan['state'][]) {
  const clock = new FakeClock('2026-06-01T08:20:00.000Z');
  const jobs = new InMemoryJobScheduler(clock);
  const plans = new Map(states.map((state, index) => [index + 1, { id: index + 1, state }]));
  const units = { runs: 0, locks: 0, lockedInUnit: 0 };
  let inUnit = false;
  const immediate = new ImmediateUnitOfWork();
  const unitOfWork: UnitOfWork = {
    run: (work) => {
      units.runs++;
      inUnit = true;
      return immediate.run(work).map((value) => ((inUnit = false), value)).mapErr((error) => ((inUnit = false), error));
    },
  };
  const renewable: Renewable<number, Plan, 'charged' | 'suspended'> = {
    job: JOB,
    outcomes: ['charged', 'suspended'],
    dueIds: async (_dueBy, after, limit) =>
      [...plans.values()].filter((plan) => ['due', 'broke', 'no_rate'].includes(plan.state) && (after === null || plan.id > after)).map((plan) => plan.id).slice(0, limit),
    lock: async (id) => {
      units.locks++;
      if (inUnit) units.lockedInUnit++;
      const plan = plans.get(id)!;
      return ['due', 'broke', 'no_rate'].includes(plan.state) ? plan : undefined;
    },
    settle: async (plan) => {
      if (plan.state === 'no_rate') return err('fx_rate_missing');
      if (plan.state === 'broke') return (plan.state = 'suspended'), ok('suspended');
      return (plan.state = 'paid'), ok('charged');
    },
  };
  class Sweep extends RenewalSweep<number, Plan, 'charged' | 'suspended'> {
    retry(ids: number[]) {
      return this.settleEach(ids, (plan) => {
        if (plan.state === 'broke') plan.state = 'due';
      });
    }
  }
  return { clock, jobs, plans, units, renewable, sweep: new Sweep(renewable, jobs, unitOfWork, clock) };
}

describe('RenewalSweep (the hourly renewal loop of subscriptions and two-way fees)', () => {
  it('settles everything due, one at a time, each in a unit of work of its own under its lock, and counts the outcomes', async () => {
    const { sweep, plans, units } = world(['due', 'broke', 'paid', 'no_rate', 'due']);
    expect(await sweep.run()).to.deep.equal({ charged: 2, suspended: 1, deferred: 1 });
    expect([...plans.values()].map((plan) => plan.state)).to.deep.equal(['paid', 'suspended', 'paid', 'no_rate', 'paid']);
    expect(units).to.deep.equal({ runs: 4, locks: 4, lockedInUnit: 4 });
  });

  it('pages through more than one page of due keys (500 a page)', async () => {
    const { sweep } = world(Array.from({ length: 1_201 }, () => 'due' as const));
    expect(await sweep.run()).to.deep.equal({ charged: 1_201, suspended: 0, deferred: 0 });
  });

  it('counts nothing for one no longer due once locked (another worker settled it first)', async () => {
    const { sweep, renewable, plans } = world(['due', 'due']);
    const lock = renewable.lock;
    (renewable as { lock: typeof lock }).lock = async (id) => (id === 1 ? ((plans.get(1)!.state = 'paid'), undefined) : lock(id));
    expect(await sweep.run()).to.deep.equal({ charged: 1, suspended: 0, deferred: 0 });
  });

  it('is resumable: a run that fails half-way keeps what it settled and the next run settles the rest, then enqueues the run of the next hour', async () => {
    const { sweep, renewable, plans, jobs } = world(['due', 'due', 'due']);
    const settle = renewable.settle;
    let fail = true;
    (renewable as { settle: typeof settle }).settle = async (plan, now) => {
      if (plan.id === 2 && fail) throw new Error('connection lost');
      return settle(plan, now);
    };
    let thrown: unknown;
    await sweep.run().catch((error: unknown) => (thrown = error));
    expect((thrown as Error).message).to.equal('connection lost');
    expect([...plans.values()].map((plan) => plan.state)).to.deep.equal(['paid', 'due', 'due']);
    fail = false;
    expect(await sweep.run()).to.deep.equal({ charged: 2, suspended: 0, deferred: 0 });
    const slot = Date.parse('2026-06-01T09:00:00.000Z') / 3_600_000;
    expect(jobs.jobs().map((job) => [job.payload, job.singletonKey])).to.deep.equal([[{ slot }, `test.renew:${slot}`]]);
  });

  it('settles chosen keys at once with a preparation applied under the lock (a retry brought forward)', async () => {
    const { sweep, plans, jobs } = world(['broke', 'paid', 'no_rate']);
    expect(await sweep.retry([1, 2, 3])).to.deep.equal({ charged: 1, suspended: 0, deferred: 1 });
    expect([...plans.values()].map((plan) => plan.state)).to.deep.equal(['paid', 'paid', 'no_rate']);
    expect(jobs.jobs(), 'no run enqueued').to.deep.equal([]);
  });
});
