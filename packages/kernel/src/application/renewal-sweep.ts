import type { Result } from '../result.ts';
import type { Clock } from './clock.port.ts';
import type { JobDefinition, JobScheduler } from './job-scheduler.port.ts';
import { enqueueNextSweep, visitInPages, type SweepSlot } from './periodic-sweep.ts';
import { transact } from './transact.ts';
import type { UnitOfWork } from './unit-of-work.port.ts';

const EVERY_MS = 3_600_000;
const PAGE = 500;

/** What a renewal sweep renews: how to find what is due, lock one and settle it. */
export interface Renewable<Id, Locked, Outcome extends string> {
  /** The hourly job of the sweep. */
  readonly job: JobDefinition<SweepSlot>;
  /** Every outcome but `not_due`, the keys of a run's counts. */
  readonly outcomes: readonly Outcome[];
  /** Keys due by `dueBy`, in key order, after `after`. */
  dueIds(dueBy: Date, after: Id | null, limit: number): Promise<readonly Id[]>;
  /** The one of `id` locked in the caller's unit of work, or undefined when it is gone or no longer due. */
  lock(id: Id): Promise<Locked | undefined>;
  /**
   * Charges what is due of one locked in the caller's unit of work and saves what changed (a
   * failed charge suspends or ends it). An Err (no USD rate into the wallet currency) is the
   * operator's to fix: it is left due, `deferred` to the next run.
   */
  settle(locked: Locked, now: Date): Promise<Result<Outcome | 'not_due', unknown>>;
}

/** What one run did; `deferred`: due, but settling answered an Err (tried again next run). */
export type RenewalCounts<Outcome extends string> = Record<Outcome | 'deferred', number>;

/**
 * The hourly renewal sweep (subscriptions, two-way fees): every run renews what is due, one at a
 * time, each in a unit of work of its own under its row's lock, so two workers running it at once
 * take turns and the second finds it settled; a run that failed half-way leaves the rest due for
 * the next. Runs are keyed by their hour, so the runs every worker process enqueues at start
 * collapse into one.
 */
export class RenewalSweep<Id, Locked, Outcome extends string> {
  constructor(
    private readonly renewable: Renewable<Id, Locked, Outcome>,
    private readonly jobs: JobScheduler,
    private readonly unitOfWork: UnitOfWork,
    protected readonly clock: Clock,
  ) {}

  /** Enqueues the next run (at start, and after each run). */
  scheduleNext(): Promise<void> {
    return enqueueNextSweep(this.jobs, this.renewable.job, EVERY_MS, this.clock.now());
  }

  async run(): Promise<RenewalCounts<Outcome>> {
    const counts = this.noCounts();
    const dueBy = this.clock.now();
    await visitInPages<Id>((after, limit) => this.renewable.dueIds(dueBy, after, limit), PAGE, async (id) => this.count(counts, await this.settle(id)));
    await this.scheduleNext();
    return counts;
  }

  /** Settles each of `ids` now, `prepare` applied to each once locked (e.g. a retry brought forward). */
  protected async settleEach(ids: readonly Id[], prepare: (locked: Locked) => void): Promise<RenewalCounts<Outcome>> {
    const counts = this.noCounts();
    for (const id of ids) this.count(counts, await this.settle(id, prepare));
    return counts;
  }

  private settle(id: Id, prepare?: (locked: Locked) => void): Promise<Outcome | 'not_due' | 'deferred'> {
    return transact(this.unitOfWork, async () => {
      const locked = await this.renewable.lock(id);
      if (locked === undefined) return 'not_due';
      prepare?.(locked);
      return (await this.renewable.settle(locked, this.clock.now())).unwrapOr('deferred' as const);
    });
  }

  private noCounts(): RenewalCounts<Outcome> {
    return Object.fromEntries([...this.renewable.outcomes, 'deferred'].map((outcome) => [outcome, 0])) as RenewalCounts<Outcome>;
  }

  private count(counts: RenewalCounts<Outcome>, outcome: Outcome | 'not_due' | 'deferred'): void {
    if (outcome !== 'not_due') counts[outcome]++;
  }
}
