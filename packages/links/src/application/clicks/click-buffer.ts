import type { Click, RawClick } from '../../domain/clicks/click.ts';
import type { ClickStore } from './click-store.port.ts';

export interface ClickBufferOptions {
  /** A flush starts as soon as this many clicks wait (and on the timer the server runs). */
  readonly flushAt: number;
  /** Past this many waiting clicks (the store down), new ones are dropped and counted. */
  readonly maxPending: number;
  /** How many flushes a batch may fail before its clicks are dropped (and counted): a batch the store always refuses must not block the others. */
  readonly maxAttempts: number;
  /** A flush that failed (its clicks kept for the next one, up to maxAttempts), or a click that could not be classified (dropped). */
  readonly onError: (error: unknown) => void;
  /**
   * Whether a failure says nothing about the batch (the store unreachable for a moment): such a
   * flush does not count against its clicks' attempts, which wait (up to maxPending) for its return.
   */
  readonly transient?: (error: unknown) => boolean;
}

export const DEFAULT_CLICK_BUFFER: Omit<ClickBufferOptions, 'onError'> = { flushAt: 500, maxPending: 100_000, maxAttempts: 5 };

interface Waiting {
  readonly raw: RawClick;
  /** Flushes this click was in that failed. */
  readonly failures: number;
}

/**
 * Clicks recorded off the request path (docs/links.md, "Clicks"): a redirect only appends what it
 * saw to memory; `flush` (on a timer, when `flushAt` wait, and at stop) classifies what waits and
 * writes it in one batch, one flush at a time. A crash loses what waited since the last flush: at
 * most one timer period of clicks.
 */
export class ClickBuffer {
  private pending: Waiting[] = [];
  private flushing: Promise<void> | undefined;
  private droppedCount = 0;

  constructor(
    private readonly store: ClickStore,
    private readonly classify: (raw: RawClick) => Click,
    private readonly options: ClickBufferOptions,
  ) {}

  record(click: RawClick): void {
    if (this.pending.length >= this.options.maxPending) {
      this.droppedCount++;
      return;
    }
    this.pending.push({ raw: click, failures: 0 });
    if (this.pending.length >= this.options.flushAt && !this.flushing) void this.flush();
  }

  /** Writes every click waiting now (after a flush under way, if any); resolves when they are stored or kept for the next flush. */
  async flush(): Promise<void> {
    while (this.flushing) await this.flushing;
    if (this.pending.length === 0) return;
    const batch = this.pending;
    this.pending = [];
    this.flushing = this.write(batch).finally(() => {
      this.flushing = undefined;
    });
    await this.flushing;
  }

  get waiting(): number {
    return this.pending.length;
  }

  /** Clicks dropped: too many waiting, not classifiable, or in a batch that failed maxAttempts times. */
  get dropped(): number {
    return this.droppedCount;
  }

  private async write(batch: readonly Waiting[]): Promise<void> {
    const clicks: Click[] = [];
    const kept: Waiting[] = [];
    for (const waiting of batch) {
      try {
        clicks.push(this.classify(waiting.raw));
        kept.push(waiting);
      } catch (error) {
        this.droppedCount++;
        this.options.onError(error);
      }
    }
    if (clicks.length === 0) return;
    try {
      await this.store.append(clicks);
    } catch (error) {
      const counted = this.options.transient?.(error) ? 0 : 1;
      const retried = kept.map((waiting) => ({ raw: waiting.raw, failures: waiting.failures + counted })).filter((waiting) => waiting.failures < this.options.maxAttempts);
      this.droppedCount += kept.length - retried.length;
      this.pending = [...retried, ...this.pending].slice(0, this.options.maxPending);
      this.options.onError(error);
    }
  }
}
