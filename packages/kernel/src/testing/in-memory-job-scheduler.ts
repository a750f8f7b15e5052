import type { EnqueueOptions, JobDefinition, JobHandler, JobScheduler, JobWorkers } from '../application/job-scheduler.port.ts';
import type { Clock } from '../application/clock.port.ts';
import { UndoableList } from './undoable-list.ts';

export interface ScheduledJob {
  readonly id: string;
  readonly name: string;
  readonly payload: object;
  readonly startAfter: Date;
  readonly singletonKey: string | undefined;
}

/** Keeps jobs in memory; `runDue()` runs every job whose time has come, in enqueue order. A job enqueued in a unit of work that rolls back is dropped. */
export class InMemoryJobScheduler implements JobScheduler, JobWorkers {
  private readonly queued = new UndoableList<ScheduledJob>();
  private readonly handlers = new Map<string, JobHandler<object>>();
  private sequence = 0;

  constructor(private readonly clock: Clock) {}

  async enqueue<P extends object>(job: JobDefinition<P>, payload: P, options: EnqueueOptions = {}): Promise<string | null> {
    const { singletonKey } = options;
    if (singletonKey && this.queued.some((j) => j.name === job.name && j.singletonKey === singletonKey)) return null;
    const id = `job-${++this.sequence}`;
    const scheduled: ScheduledJob = { id, name: job.name, payload, startAfter: options.startAfter ?? this.clock.now(), singletonKey };
    this.queued.push(scheduled);
    return id;
  }

  async enqueueMany<P extends object>(job: JobDefinition<P>, jobs: readonly { readonly payload: P; readonly options?: EnqueueOptions }[]): Promise<void> {
    for (const { payload, options } of jobs) await this.enqueue(job, payload, options);
  }

  register<P extends object>(job: JobDefinition<P>, handler: JobHandler<P>): void {
    this.handlers.set(job.name, handler as JobHandler<object>);
  }

  jobs(): readonly ScheduledJob[] {
    return [...this.queued];
  }

  /** Runs due jobs (including ones they enqueue that are already due); returns how many ran. */
  async runDue(): Promise<number> {
    let ran = 0;
    for (let job = this.nextDue(); job; job = this.nextDue()) {
      this.queued.splice(this.queued.indexOf(job), 1);
      const handler = this.handlers.get(job.name);
      if (!handler) throw new Error(`No handler registered for job ${job.name}`);
      await handler(job.payload, { jobId: job.id, retryCount: 0 });
      ran++;
    }
    return ran;
  }

  private nextDue(): ScheduledJob | undefined {
    const now = this.clock.now().getTime();
    return this.queued.find((job) => job.startAfter.getTime() <= now);
  }
}
