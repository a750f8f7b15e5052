/**
 * The SMPP window: at most `size` requests sent and not yet answered. Callers beyond the window
 * wait in order; beyond `maxWaiting` waiting callers, `tryAcquire` refuses at once, so a slow
 * carrier pushes back instead of letting submissions pile up in memory.
 */
export type Release = () => void;

export class SubmitWindow {
  private active = 0;
  private readonly queue: ((release: Release) => void)[] = [];

  constructor(
    readonly size: number,
    readonly maxWaiting: number,
  ) {
    if (!Number.isInteger(size) || size < 1) throw new RangeError(`window size must be a positive integer, got ${size}`);
    if (!Number.isInteger(maxWaiting) || maxWaiting < 0) throw new RangeError(`maxWaiting must be a non-negative integer, got ${maxWaiting}`);
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
