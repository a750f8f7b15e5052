import type { DatabaseOutage } from '@tuma/mikro-orm-adapter';
import type { Logger } from './logger.ts';

/**
 * Work a process repeats on a timer (reloading the operator's rate limits, purging expired
 * idempotency keys): a failed round is logged and the next one runs as usual. The timer never
 * keeps the process alive.
 */
export class PeriodicTask {
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly round: () => Promise<unknown>,
    /** What the log says when a round fails, e.g. "rate-limit overrides not reloaded (the last ones stay)". */
    private readonly failure: string,
    private readonly logger: Logger,
    /** A round failed by a database outage is logged there, once for the outage, not here each round. */
    private readonly outage: Pick<DatabaseOutage, 'noted'>,
  ) {}

  /** One round now (its failure is the caller's), then one every `everySeconds`. */
  async start(everySeconds: number): Promise<void> {
    await this.round();
    this.timer = setInterval(() => {
      this.round().catch((error: unknown) => this.outage.noted(error) || this.logger.error({ msg: this.failure, error: String(error) }));
    }, everySeconds * 1000);
    this.timer.unref();
  }

  stop(): void {
    clearInterval(this.timer);
  }
}
