import { RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';

/** One subject's share of one window of a shared counter: points reserved in the store, and how many of them this process used. */
interface Lease {
  granted: number;
  used: number;
  /** What the store had counted for the window at the last reservation. */
  counted: number;
  /** When the window ends (epoch ms). */
  endsAt: number;
  /** The store has no points left for this window: refuse locally until it ends. */
  exhausted: boolean;
  reserving: Promise<void> | undefined;
}

export interface Take {
  readonly allowed: boolean;
  /** Points of the window nobody has used yet (the store's count, plus this process's unused reservation). */
  readonly remaining: number;
  readonly msLeft: number;
}

const SWEEP_EVERY = 10_000;

/**
 * A fixed-window counter in a rate-limiter-flexible store (memory or PostgreSQL), taken from in
 * reservations: this process reserves `leaseOf(points)` points at a time in the store (one atomic
 * increment) and hands them out locally, so the store is asked once per reservation, not once per
 * request. The store never counts past what it granted: the processes together never admit more
 * than `points` per window; points reserved but unused when the window ends are lost (at most one
 * reservation per process serving the subject). With a lease of 1 it is the store's plain limiter.
 */
export class LeasedCounter {
  private readonly leases = new Map<string, Lease>();
  private takes = 0;

  constructor(
    /** Counts without refusing (its `points` is unbounded): the grant is decided here. */
    private readonly store: RateLimiterAbstract,
    private readonly leaseOf: (points: number) => number,
    private readonly now: () => number = Date.now,
  ) {}

  async take(subject: string, points: number): Promise<Take> {
    if (++this.takes % SWEEP_EVERY === 0) this.sweep();
    for (;;) {
      const now = this.now();
      let lease = this.leases.get(subject);
      // A lease being reserved is current, whatever its end says (a fresh one has none yet).
      if (!lease || (lease.endsAt <= now && !lease.reserving)) {
        lease = { granted: 0, used: 0, counted: 0, endsAt: 0, exhausted: false, reserving: undefined };
        this.leases.set(subject, lease);
      }
      if (lease.used < lease.granted) {
        lease.used++;
        return { allowed: true, remaining: Math.max(0, points - lease.counted) + lease.granted - lease.used, msLeft: lease.endsAt - now };
      }
      if (lease.exhausted) return { allowed: false, remaining: 0, msLeft: lease.endsAt - now };
      const current = lease;
      current.reserving ??= this.reserve(subject, current, points).finally(() => {
        current.reserving = undefined;
      });
      await current.reserving;
    }
  }

  private async reserve(subject: string, lease: Lease, points: number): Promise<void> {
    const wanted = Math.max(1, Math.min(points, this.leaseOf(points)));
    let res: RateLimiterRes;
    try {
      res = await this.store.consume(subject, wanted);
    } catch (rejection) {
      // The store refuses only past its own (unbounded) points; anything else is a fault.
      if (!(rejection instanceof RateLimiterRes)) throw rejection;
      res = rejection;
    }
    const before = res.consumedPoints - wanted;
    const granted = Math.max(0, Math.min(wanted, points - before));
    lease.granted += granted;
    lease.counted = Math.min(points, res.consumedPoints);
    lease.endsAt = this.now() + res.msBeforeNext;
    // Checked only once the lease is spent: the store has nothing left to reserve this window.
    lease.exhausted = res.consumedPoints >= points;
  }

  /** Forgets windows that have ended. */
  private sweep(): void {
    const now = this.now();
    for (const [subject, lease] of this.leases) if (lease.endsAt <= now && !lease.reserving) this.leases.delete(subject);
  }
}
