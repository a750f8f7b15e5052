import { isDatabaseUnreachable } from './database-unreachable.ts';

export interface OutageLogger {
  error(entry: Record<string, unknown>): void;
  warn(entry: Record<string, unknown>): void;
}

/** How often an outage probes the database (one `select 1`) until it answers again. */
const OUTAGE_PROBE_INTERVAL_MS = 1_000;

/**
 * The process's view of a database outage (docs/reliability.md). Whoever catches a fault asks
 * `noted(error)`: an unreachable database (isDatabaseUnreachable) answers true, and the first such
 * fault of an outage logs one line and starts probing every second, instead of a stack per request.
 * The first probe answered ends the outage: one more line, then every `onReturn` listener runs (the
 * idempotency keys left claimed by the outage are released, for one).
 */
export class DatabaseOutage {
  private since: number | undefined;
  private faults = 0;
  private timer: NodeJS.Timeout | undefined;
  private closed = false;
  private readonly listeners: (() => unknown)[] = [];

  constructor(
    private readonly probe: () => Promise<boolean>,
    private readonly logger: OutageLogger,
    private readonly probeEveryMs = OUTAGE_PROBE_INTERVAL_MS,
  ) {}

  /** Whether `error` says the database cannot be reached; such a fault is counted in the outage it starts or belongs to. */
  noted(error: unknown): boolean {
    if (!isDatabaseUnreachable(error)) return false;
    this.faults++;
    if (this.since === undefined && !this.closed) {
      this.since = Date.now();
      this.logger.error({ msg: 'database unreachable: requests that need it answer 503 until it is back', error: String((error as Error)?.message ?? error) });
      this.probeLater();
    }
    return true;
  }

  /** Whether an outage is going on (a fault noted, no probe answered since). */
  get down(): boolean {
    return this.since !== undefined;
  }

  /** Runs `listener` each time the database answers again after an outage. */
  onReturn(listener: () => unknown): void {
    this.listeners.push(listener);
  }

  close(): void {
    this.closed = true;
    clearTimeout(this.timer);
  }

  private probeLater(): void {
    this.timer = setTimeout(() => void this.probeOnce(), this.probeEveryMs);
    this.timer.unref();
  }

  private async probeOnce(): Promise<void> {
    if (this.closed) return;
    const answered = await this.probe().catch(() => false);
    if (!answered) return this.probeLater();
    this.logger.warn({ msg: 'database reachable again', down_ms: Date.now() - this.since!, faults: this.faults });
    this.since = undefined;
    this.faults = 0;
    for (const listener of this.listeners) {
      await Promise.resolve()
        .then(listener)
        .catch((error: unknown) => this.logger.warn({ msg: 'resuming after the database outage failed', error: String((error as Error)?.message ?? error) }));
    }
  }
}
