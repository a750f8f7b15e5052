import { ResultAsync } from 'neverthrow';
import { rateLimited, type RateLimitedError } from './guess-throttle.ts';

/** Who a piece of work is for. */
export interface PoolTicket {
  /** Who asks: a client address (or an account); at most a few of one client's pieces run at once. */
  readonly client: string;
  /** Work that may take the slots kept for it (sign-ins); the rest leaves them free. */
  readonly priority: boolean;
}

export interface SharedPoolOptions {
  /** Pieces at once, in all. */
  readonly slots: number;
  /**
   * Slots only priority work takes: other work starts only while fewer than `slots - reserved`
   * pieces of any kind run, so however much of it waits, priority work finds this many free, and
   * does not share the machine with other work started after it.
   */
  readonly reserved: number;
  /** Pieces of one client at once, by kind. */
  readonly perClient: { readonly priority: number; readonly other: number };
  /** Pieces of one client waiting, by kind; past that a ticket is refused at once. */
  readonly waitingPerClient: number;
  /** A ticket not started by then is refused. */
  readonly maxWaitMs: number;
}

/** No turn for this ticket now: too many of its client's waiting, or the wait too long. */
export class PoolBusyError extends Error {
  constructor(readonly retryAfter: number) {
    super(`Busy: try again in ${retryAfter} s`);
  }
}

interface Waiter {
  readonly ticket: PoolTicket | undefined;
  readonly start: () => void;
  readonly timer: ReturnType<typeof setTimeout>;
}

const RETRY_AFTER_SECONDS = 1;

/**
 * Shares out a process's costly work (password hashes: scrypt's 128 MiB on libuv's threads) so that
 * no client can take it all (docs/accounts.md, "Hashing"): at most `slots` pieces at once; other
 * work than priority work starts only while fewer than `slots - reserved` pieces run (CPU-bound
 * pieces slow each other: a sign-in then meets at most the other work already running when it came);
 * at most `perClient` of one client's at once, the rest waiting in turn (priority work first, then
 * the oldest), each wait bounded in count and time. Work without a ticket (an account's own, behind its key or session) waits its turn
 * on the unreserved slots without a client's cap and is never refused.
 */
export class SharedPool {
  private running = 0;
  private readonly runningOf = new Map<string, number>();
  private readonly waitingOf = new Map<string, number>();
  private readonly queue: Waiter[] = [];

  constructor(private readonly options: SharedPoolOptions) {
    if (options.slots < 1 || options.reserved < 0 || options.reserved >= options.slots) throw new Error('A pool needs a slot, and an unreserved one');
  }

  /** Runs `work` in its turn; rejects with `PoolBusyError` when it gets none. */
  run<T>(ticket: PoolTicket | undefined, work: () => Promise<T>): Promise<T> {
    if (this.canStart(ticket)) return this.started(ticket, work);
    if (ticket && (this.waitingOf.get(clientKey(ticket)) ?? 0) >= this.options.waitingPerClient) return Promise.reject(new PoolBusyError(RETRY_AFTER_SECONDS));
    return new Promise<T>((resolve, reject) => {
      const waiter: Waiter = {
        ticket,
        start: () => this.started(ticket, work).then(resolve, reject),
        timer: setTimeout(() => {
          this.leaveQueue(waiter);
          reject(new PoolBusyError(RETRY_AFTER_SECONDS));
        }, this.options.maxWaitMs),
      };
      this.queue.push(waiter);
      if (ticket) bump(this.waitingOf, clientKey(ticket), 1);
    });
  }

  private canStart(ticket: PoolTicket | undefined): boolean {
    if (this.running >= this.options.slots) return false;
    if (!ticket?.priority && this.running >= this.options.slots - this.options.reserved) return false;
    if (!ticket) return true;
    return (this.runningOf.get(clientKey(ticket)) ?? 0) < (ticket.priority ? this.options.perClient.priority : this.options.perClient.other);
  }

  private async started<T>(ticket: PoolTicket | undefined, work: () => Promise<T>): Promise<T> {
    this.running++;
    if (ticket) bump(this.runningOf, clientKey(ticket), 1);
    try {
      return await work();
    } finally {
      this.running--;
      if (ticket) bump(this.runningOf, clientKey(ticket), -1);
      this.next();
    }
  }

  /** Starts what may start now: the oldest priority waiters first, then the oldest others. */
  private next(): void {
    for (const priority of [true, false]) {
      for (const waiter of [...this.queue]) {
        if (this.running >= this.options.slots) return;
        if ((waiter.ticket?.priority ?? false) !== priority || !this.canStart(waiter.ticket)) continue;
        this.leaveQueue(waiter);
        waiter.start();
      }
    }
  }

  private leaveQueue(waiter: Waiter): void {
    const index = this.queue.indexOf(waiter);
    if (index < 0) return;
    this.queue.splice(index, 1);
    clearTimeout(waiter.timer);
    if (waiter.ticket) bump(this.waitingOf, clientKey(waiter.ticket), -1);
  }
}

const clientKey = (ticket: PoolTicket): string => `${ticket.priority ? 'p' : 'o'}:${ticket.client}`;

function bump(counts: Map<string, number>, key: string, by: number): void {
  const count = (counts.get(key) ?? 0) + by;
  if (count > 0) counts.set(key, count);
  else counts.delete(key);
}

/** Work that may meet a busy pool, its refusal as the caller's `rate_limited` (429 with Retry-After). */
export function whenNotBusy<T>(work: Promise<T>): ResultAsync<T, RateLimitedError> {
  return ResultAsync.fromPromise(work, (error) => {
    if (error instanceof PoolBusyError) return rateLimited(error.retryAfter, `Too many requests at once from this client: try again in ${error.retryAfter} s`);
    throw error;
  });
}
