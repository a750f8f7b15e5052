import type { Click, RawClick } from '../../domain/clicks/click.ts';
import type { ClickStore } from './click-store.port.ts';

export interface ClickBufferOptions {
  /** A flush starts as soon as this many clicks wait (and on the timer the server runs). */
  readonly flushAt: number;
  /** Past this many waiting clicks (the store down), new ones are dropped and counted. */
  readonly maxPending: number;
  /** A flush that failed: its clicks are kept for the next one (within maxPending). */
  readonly onError: (error: unknown) => void;
}

export const DEFAULT_CLICK_BUFFER: Omit<ClickBufferOptions, 'onError'> = { flushAt: 500, maxPending: 100_000 };

/**
 * Clicks recorded off the request path (docs/links.md, "Clicks"): a redirect only appends what it
 * saw to memory; `flush` (on a timer, when `flushAt` wait, and at stop) classifies what waits and
 * writes it in one batch, one flush at a time. A crash loses what waited since the last flush: at
 * most one timer period of clicks.
 */
export class ClickBuffer {
  private pending: RawClick[] = [];
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
    this.pending.push(click);
    if (this.pending.length >= this.options.flushAt && !this.flushing) void this.flush();
  }

  /** Writes every click waiting now (after a flush under way, if any); resolves when they are stored or kept for the next flush. */
  async flush(): Promise<void> {
    while (this.flushing) await this.flushing;
    if (this.pending.length === 0) return;
    const batch = this.pending;
    this.pending = [];
    this.flushing = Promise.resolve()
      .then(() => this.store.append(batch.map(this.classify)))
      .catch((error: unknown) => {
        this.pending = [...batch, ...this.pending].slice(0, this.options.maxPending);
        this.options.onError(error);
      })
      .finally(() => {
        this.flushing = undefined;
      });
    await this.flushing;
  }

  get waiting(): number {
    return this.pending.length;
  }

  /** Clicks dropped because too many waited. */
  get dropped(): number {
    return this.droppedCount;
  }
}
