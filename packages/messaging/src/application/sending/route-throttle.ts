/**
 * Per-route throughput: how many submissions per second one worker process hands to the carrier
 * for a route. A token bucket per route code; `acquire` waits for a token.
 */
export interface RouteThrottle {
  acquire(routeCode: string): Promise<void>;
}

export interface TokenBucketOptions {
  /** Submissions per second for a route (its bucket refills at this rate and holds one second's worth). */
  readonly ratePerSecond: (routeCode: string) => number;
  readonly now?: () => number;
  readonly sleep?: (ms: number) => Promise<void>;
}

interface Bucket {
  tokens: number;
  updatedAt: number;
  /** Waiters queue behind each other so they are served in order. */
  tail: Promise<void>;
}

const realSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export class TokenBucketThrottle implements RouteThrottle {
  private readonly buckets = new Map<string, Bucket>();
  private readonly now: () => number;
  private readonly sleep: (ms: number) => Promise<void>;

  constructor(private readonly options: TokenBucketOptions) {
    this.now = options.now ?? (() => performance.now());
    this.sleep = options.sleep ?? realSleep;
  }

  acquire(routeCode: string): Promise<void> {
    const rate = this.options.ratePerSecond(routeCode);
    if (!(rate > 0)) throw new RangeError(`Throughput of ${routeCode} must be positive, got ${rate}`);
    let bucket = this.buckets.get(routeCode);
    if (!bucket) this.buckets.set(routeCode, (bucket = { tokens: rate, updatedAt: this.now(), tail: Promise.resolve() }));
    const current = bucket;
    const turn = current.tail.then(() => this.take(current, rate));
    current.tail = turn;
    return turn;
  }

  private async take(bucket: Bucket, rate: number): Promise<void> {
    for (;;) {
      const now = this.now();
      bucket.tokens = Math.min(rate, bucket.tokens + ((now - bucket.updatedAt) / 1000) * rate);
      bucket.updatedAt = now;
      if (bucket.tokens >= 1) {
        bucket.tokens -= 1;
        return;
      }
      await this.sleep(Math.ceil(((1 - bucket.tokens) / rate) * 1000));
    }
  }
}

/** No limit: for tests and embedding. */
export const unthrottled: RouteThrottle = { acquire: () => Promise.resolve() };
