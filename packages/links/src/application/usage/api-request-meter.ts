import type { Clock } from '@tuma/kernel';
import { monthlyAllowance, type LinksPlanLimitReachedError, type LinksPlanLimits } from '../../domain/plans/links-plan.ts';
import type { LinksPlans } from '../plans/links-plans.port.ts';
import type { ApiRequestCounts } from './api-request-counts.port.ts';

/** How long a process trusts the plan it read for the quota (a refusal reads it again at once). */
export const API_PLAN_TTL_MS = 60_000;

interface Meter {
  readonly accountId: string;
  readonly month: string;
  /** The month's total as the store last answered it (every process's flushed requests). */
  known: number;
  /** Admitted here since, not flushed yet. */
  pending: number;
}

const monthOf = (at: Date): string => at.toISOString().slice(0, 7);

/**
 * The plan's `api_monthly` (docs/links.md, "API requests"): requests with a live links key are
 * counted in memory and flushed with the clicks, one statement for every account, which answers
 * the totals; a request is refused (402) once the total known here plus what waits here reaches the
 * limit. No database round trip per request: an account's count is read once per process and
 * month, its plan once a minute (and again before a refusal). Processes learn each other's requests
 * at their flushes, so a month's limit may be passed by what the processes admit in one flush
 * period; a crash loses at most one flush period of counts (in the customer's favour).
 */
export class ApiRequestMeter {
  private readonly meters = new Map<string, Meter>();
  /** First reads of an account's month, shared by its concurrent requests. */
  private readonly loading = new Map<string, Promise<Meter>>();
  private readonly plans = new Map<string, { readonly plan: LinksPlanLimits; readonly until: number }>();
  /** Counts of a month that ended before they were flushed. */
  private unflushed: Meter[] = [];
  private flushing: Promise<void> | undefined;

  constructor(
    private readonly counts: ApiRequestCounts,
    private readonly linksPlans: LinksPlans,
    private readonly clock: Clock,
  ) {}

  /** Counts one request of the account's live key, or refuses it (not counted) past the plan's `apiMonthly`. */
  async admit(accountId: string): Promise<LinksPlanLimitReachedError | undefined> {
    const meter = await this.meterOf(accountId);
    let plan = await this.planOf(accountId, false);
    let refused = monthlyAllowance(plan, 'apiMonthly', meter.known + meter.pending);
    // A plan raised since it was read lifts the refusal at once.
    if (refused) {
      plan = await this.planOf(accountId, true);
      refused = monthlyAllowance(plan, 'apiMonthly', meter.known + meter.pending);
    }
    if (refused) return refused;
    meter.pending++;
    return undefined;
  }

  /** Writes what waits (one statement a month) and learns the totals; a failed write keeps it for the next flush. */
  async flush(): Promise<void> {
    while (this.flushing) await this.flushing;
    this.flushing = this.write().finally(() => {
      this.flushing = undefined;
    });
    await this.flushing;
  }

  private async write(): Promise<void> {
    const waiting = [...this.unflushed, ...this.meters.values()].filter((meter) => meter.pending > 0);
    this.unflushed = [];
    const byMonth = new Map<string, Meter[]>();
    for (const meter of waiting) byMonth.set(meter.month, [...(byMonth.get(meter.month) ?? []), meter]);
    let failure: unknown;
    for (const [month, meters] of byMonth) {
      const sent = new Map(meters.map((meter) => [meter.accountId, meter.pending]));
      try {
        const totals = await this.counts.add(month, sent);
        for (const meter of meters) {
          meter.pending -= sent.get(meter.accountId)!;
          meter.known = totals.get(meter.accountId) ?? meter.known + sent.get(meter.accountId)!;
        }
      } catch (error) {
        // Kept for the next flush: a current month's meter keeps its pending count, an ended month's goes back in line.
        this.unflushed.push(...meters.filter((meter) => this.meters.get(meter.accountId) !== meter));
        failure ??= error;
      }
    }
    if (failure !== undefined) throw failure;
  }

  private async meterOf(accountId: string): Promise<Meter> {
    const month = monthOf(this.clock.now());
    const meter = this.meters.get(accountId);
    if (meter?.month === month) return meter;
    const key = `${accountId}/${month}`;
    let load = this.loading.get(key);
    if (!load) {
      load = this.counts.countOf(month, accountId).then((known) => {
        const previous = this.meters.get(accountId);
        if (previous && previous.month !== month && previous.pending > 0) this.unflushed.push(previous);
        const fresh: Meter = { accountId, month, known, pending: 0 };
        this.meters.set(accountId, fresh);
        return fresh;
      });
      this.loading.set(key, load);
      void load.finally(() => this.loading.delete(key)).catch(() => {});
    }
    return load;
  }

  private async planOf(accountId: string, fresh: boolean): Promise<LinksPlanLimits> {
    const cached = this.plans.get(accountId);
    const now = this.clock.now().getTime();
    if (!fresh && cached && cached.until > now) return cached.plan;
    const plan = await this.linksPlans.planOf(accountId);
    this.plans.set(accountId, { plan, until: now + API_PLAN_TTL_MS });
    return plan;
  }
}
