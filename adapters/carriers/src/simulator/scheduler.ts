/**
 * When the simulator runs its delayed work (receipts). `timerScheduler` uses real timers;
 * `ManualScheduler` lets tests move time by hand, together with a FakeClock.
 */
import type { FakeClock } from '@tuma/kernel/testing';

export type ScheduledTask = () => void | Promise<void>;
/** Runs `task` after `delayMs`; the returned function cancels it. */
export type Scheduler = (task: ScheduledTask, delayMs: number) => () => void;

/** Real timers, unref'd: pending receipts do not keep a process alive. */
export const timerScheduler: Scheduler = (task, delayMs) => {
  const timer = setTimeout(() => void task(), delayMs);
  timer.unref();
  return () => clearTimeout(timer);
};

interface Entry {
  readonly at: number;
  readonly order: number;
  readonly task: ScheduledTask;
}

export class ManualScheduler {
  private entries: Entry[] = [];
  private elapsed = 0;
  private order = 0;

  /** With a clock, the clock moves with the scheduler: a task runs with the clock at its due time. */
  constructor(private readonly clock?: FakeClock) {}

  readonly schedule: Scheduler = (task, delayMs) => {
    const entry = { at: this.elapsed + Math.max(0, delayMs), order: this.order++, task };
    this.entries.push(entry);
    return () => {
      this.entries = this.entries.filter((e) => e !== entry);
    };
  };

  get pending(): number {
    return this.entries.length;
  }

  /** Runs, in due order, every task due within `ms` from now (including tasks they schedule), awaiting each. */
  async advance(ms: number): Promise<void> {
    const until = this.elapsed + ms;
    for (let next = this.nextDue(until); next; next = this.nextDue(until)) {
      this.entries = this.entries.filter((e) => e !== next);
      this.moveTo(next.at);
      await next.task();
    }
    this.moveTo(until);
  }

  /** Runs everything pending, however far ahead. */
  async runAll(): Promise<void> {
    while (this.entries.length > 0) await this.advance(Math.max(...this.entries.map((e) => e.at)) - this.elapsed);
  }

  private nextDue(until: number): Entry | undefined {
    return this.entries.filter((e) => e.at <= until).sort((a, b) => a.at - b.at || a.order - b.order)[0];
  }

  private moveTo(at: number): void {
    this.clock?.advance(at - this.elapsed);
    this.elapsed = at;
  }
}
