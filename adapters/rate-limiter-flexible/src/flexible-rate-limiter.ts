import { BURST_WINDOW_SECONDS, type RateLimitDecision, type RateLimiter, type RateLimitPolicy } from '@tuma/rate-limits';
import { RateLimiterMemory, RateLimiterPostgres, type RateLimiterAbstract } from 'rate-limiter-flexible';
import pg from 'pg';
import { LeasedCounter } from './leased-counter.ts';

/** The counters never refuse on their own: how many of their points a policy allows is decided by LeasedCounter. */
const UNBOUNDED = Number.MAX_SAFE_INTEGER;

/** The table of the shared counters (created by the migrations: adapters/mikro-orm). */
export const RATE_LIMIT_TABLE = 'rate_limit_counter';

/** Share of a window's points a process reserves at a time on the shared store (docs/decisions.md, issue 12). */
export const DEFAULT_LEASE_SHARE = 0.1;

/**
 * Request rate limits on rate-limiter-flexible: a one-second window of `perSecond` points and a
 * burst allowance of `burst - perSecond` points refilled every BURST_WINDOW_SECONDS (the
 * library's BurstyRateLimiter pattern: the burst pool is drawn on only when the window is spent).
 */
export class FlexibleRateLimiter implements RateLimiter {
  private constructor(
    private readonly sustained: LeasedCounter,
    private readonly burst: LeasedCounter,
    private readonly pool?: pg.Pool,
  ) {}

  /**
   * Counts in this process only: right for one API process (the embedded database). Nobody shares
   * the window, so the process reserves all of it at once: one store call per window, not per request.
   */
  static inMemory(now?: () => number): FlexibleRateLimiter {
    const store = (keyPrefix: string, duration: number) => new RateLimiterMemory({ keyPrefix, points: UNBOUNDED, duration });
    const whole = (points: number) => points;
    return new FlexibleRateLimiter(
      new LeasedCounter(store('rl-sustained', 1), whole, now),
      new LeasedCounter(store('rl-burst', BURST_WINDOW_SECONDS), whole, now),
    );
  }

  /**
   * Counts shared by every API process on one PostgreSQL, reserved `leaseShare` of a window at a
   * time. When the database fails, each process falls back to counting alone (insurance limiter).
   */
  static onPostgres(
    databaseUrl: string,
    options: { leaseShare?: number; poolSize?: number; onIdleError?: (error: Error) => void } = {},
  ): FlexibleRateLimiter {
    const share = options.leaseShare ?? DEFAULT_LEASE_SHARE;
    // A small pool of its own: reservations never queue behind the application's queries.
    const pool = new pg.Pool({ connectionString: databaseUrl, max: options.poolSize ?? 4 });
    // An idle client lost its connection: reported; the pool opens another when next needed.
    pool.on('error', (error) => options.onIdleError?.(error));
    const store = (keyPrefix: string, duration: number): RateLimiterAbstract =>
      new RateLimiterPostgres({
        storeClient: pool,
        storeType: 'pool',
        tableName: RATE_LIMIT_TABLE,
        tableCreated: true,
        keyPrefix,
        points: UNBOUNDED,
        duration,
        insuranceLimiter: new RateLimiterMemory({ keyPrefix: `${keyPrefix}-insurance`, points: UNBOUNDED, duration }),
      });
    const leaseOf = (points: number) => Math.max(1, Math.floor(points * share));
    return new FlexibleRateLimiter(
      new LeasedCounter(store('rl-sustained', 1), leaseOf),
      new LeasedCounter(store('rl-burst', BURST_WINDOW_SECONDS), leaseOf),
      pool,
    );
  }

  async close(): Promise<void> {
    await this.pool?.end();
  }

  async take(subject: string, policy: RateLimitPolicy): Promise<RateLimitDecision> {
    const window = await this.sustained.take(subject, policy.perSecond);
    const resetSeconds = Math.max(1, Math.ceil(window.msLeft / 1000));
    const decision = { limit: policy.perSecond, remaining: window.remaining, resetSeconds };
    if (window.allowed) return { allowed: true, ...decision };
    if (policy.burstAllowance === 0) return { allowed: false, ...decision };
    const burst = await this.burst.take(subject, policy.burstAllowance);
    return { allowed: burst.allowed, ...decision };
  }
}
