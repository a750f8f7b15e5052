/**
 * Paces requests to at most `perSecond`: each caller goes at least 1000 / perSecond ms after the
 * previous one actually went, so a bind never bursts (a late timer does not let the next caller
 * catch up) and any second holds at most `perSecond` requests. Carriers count their throughput
 * limit per second and throttle or drop what goes over it.
 */
export interface LimiterTime {
  now(): number;
  sleep(ms: number): Promise<void>;
}

const realTime: LimiterTime = {
  now: () => performance.now(),
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
};

export class ThroughputLimiter {
  private readonly intervalMs: number;
  private lastGrant = Number.NEGATIVE_INFINITY;
  private queue: Promise<void> = Promise.resolve();

  /** `perSecond` 0 means no limit. */
  constructor(
    readonly perSecond: number,
    private readonly time: LimiterTime = realTime,
  ) {
    if (!Number.isFinite(perSecond) || perSecond < 0) throw new RangeError(`perSecond must be 0 or more, got ${perSecond}`);
    this.intervalMs = perSecond === 0 ? 0 : 1000 / perSecond;
  }

  /** Resolves when the caller may send; callers are served in call order. */
  acquire(): Promise<void> {
    if (this.intervalMs === 0) return Promise.resolve();
    this.queue = this.queue.then(() => this.grant());
    return this.queue;
  }

  private async grant(): Promise<void> {
    // Timers may fire up to a millisecond early: wait again until the interval has really passed.
    for (let wait = this.lastGrant + this.intervalMs - this.time.now(); wait > 0; wait = this.lastGrant + this.intervalMs - this.time.now()) {
      await this.time.sleep(Math.ceil(wait));
    }
    this.lastGrant = this.time.now();
  }
}
