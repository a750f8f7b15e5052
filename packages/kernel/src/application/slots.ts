/**
 * A counting semaphore: at most `size` holders at once. Callers beyond it wait in order; beyond
 * `maxWaiting` waiting callers, `tryAcquire` refuses at once, so a slow resource (a carrier's SMPP
 * window) pushes back instead of letting work pile up in memory. Used for the SMPP window and for
 * the submissions one process has in flight at carriers and not yet recorded (DispatchMessages).
 */
export type Release = () => void;

export class Slots {
  private active = 0;
  private readonly queue: ((release: Release) => void)[] = [];

  constructor(
    readonly size: number,
    readonly maxWaiting: number = Number.POSITIVE_INFINITY,
  ) {
    if (!Number.isInteger(size) || size < 1) throw new RangeError(`slots must be a positive integer, got ${size}`);
    if (!(maxWaiting >= 0) || (Number.isFinite(maxWaiting) && !Number.isInteger(maxWaiting))) {
      throw new RangeError(`maxWaiting must be a non-negative integer, got ${maxWaiting}`);
    }
  }

  get outstanding(): number {
    return this.active;
  }

  get waiting(): number {
    return this.queue.length;
  }

  /** A slot (resolved with its release), or undefined when too many callers already wait. */
  tryAcquire(): Promise<Release> | undefined {
    if (this.active < this.size) {
      this.active++;
      return Promise.resolve(this.releaser());
    }
    if (this.queue.length >= this.maxWaiting) return undefined;
    return new Promise((resolve) => this.queue.push(resolve));
  }

  /** A slot, waiting in order for one however many wait (only for unbounded `maxWaiting`). */
  acquire(): Promise<Release> {
    const slot = this.tryAcquire();
    if (!slot) throw new RangeError(`${this.queue.length} callers already wait for a slot`);
    return slot;
  }

  private releaser(): Release {
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const next = this.queue.shift();
      if (next) next(this.releaser());
      else this.active--;
    };
  }
}
