import type { RouteThrottle } from './route-throttle.ts';
import type { ThroughputLeases } from './throughput-leases.port.ts';

export interface SharedRouteThrottleOptions {
  /** Submissions per second for a route, for the whole fleet. */
  readonly ratePerSecond: (routeCode: string) => number;
  readonly now?: () => number;
  readonly sleep?: (ms: number) => Promise<void>;
}

interface Local {
  /** Tokens leased from the shared bucket and not used yet. */
  tokens: number;
  /** When they were leased: unused ones lapse after LEASE_LIFETIME_MS, so no process can save them up. */
  leasedAt: number;
  /** Waiters queue behind each other so they are served in order. */
  tail: Promise<void>;
}

/** A lease is a tenth of a second's worth: few round trips, little held back by any one process. */
const LEASE_SHARE = 0.1;
const LEASE_LIFETIME_MS = 200;
const realSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Per-route throughput for the whole fleet of workers: each process leases tokens in small lots
 * from the shared bucket (`ThroughputLeases`) and hands them out locally. Tokens are consumed from
 * the shared bucket when leased, and lapse unused after 200 ms, so the fleet never exceeds the rate
 * (it may fall slightly short of it when a process leases more than it then sends).
 */
export class SharedRouteThrottle implements RouteThrottle {
  private readonly locals = new Map<string, Local>();
  private readonly now: () => number;
  private readonly sleep: (ms: number) => Promise<void>;

  constructor(
    private readonly leases: ThroughputLeases,
    private readonly options: SharedRouteThrottleOptions,
  ) {
    this.now = options.now ?? (() => performance.now());
    this.sleep = options.sleep ?? realSleep;
  }

  acquire(routeCode: string): Promise<void> {
    const rate = this.options.ratePerSecond(routeCode);
    if (!(rate > 0)) throw new RangeError(`Throughput of ${routeCode} must be positive, got ${rate}`);
    let local = this.locals.get(routeCode);
    if (!local) this.locals.set(routeCode, (local = { tokens: 0, leasedAt: 0, tail: Promise.resolve() }));
    const current = local;
    const turn = current.tail.then(() => this.take(routeCode, current, rate));
    current.tail = turn.catch(() => undefined);
    return turn;
  }

  private async take(routeCode: string, local: Local, rate: number): Promise<void> {
    for (;;) {
      if (this.now() - local.leasedAt > LEASE_LIFETIME_MS) local.tokens = 0;
      if (local.tokens >= 1) {
        local.tokens -= 1;
        return;
      }
      const { granted, retryInMs } = await this.leases.lease(routeCode, Math.max(1, Math.floor(rate * LEASE_SHARE)), rate);
      if (granted >= 1) {
        local.tokens = granted;
        local.leasedAt = this.now();
        continue;
      }
      await this.sleep(Math.max(1, retryInMs));
    }
  }
}
