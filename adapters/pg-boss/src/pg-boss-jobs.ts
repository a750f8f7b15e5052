import { PgBoss, type Clock as PgBossClock, type Db as IDatabase, type JobResult } from 'pg-boss';
import type { EnqueueOptions, JobDefinition, JobHandler, JobScheduler, JobWorkers } from '@tuma/kernel';

/** Runs one SQL statement, and may LISTEN; the shape pg-boss calls a `db`. */
export interface SqlExecutor {
  executeSql(text: string, values?: unknown[]): Promise<{ rows: any[] }>;
  /** Hears `channel` until closed; `onReconnect` after hearing was interrupted (what was sent meanwhile is lost). */
  listen?(channel: string, onNotification: (payload: string) => void, onReconnect: () => void): Promise<{ close(): Promise<void> }>;
}

export interface PgBossJobsConfig {
  /** PostgreSQL: pg-boss keeps its own pool on this database. */
  readonly connectionString?: string;
  /** Embedded: every pg-boss statement goes through the application's serialized session. */
  readonly executor?: SqlExecutor;
  /** The open transaction of the calling unit of work, so an enqueue commits or rolls back with it. */
  readonly transactionExecutor: () => SqlExecutor | undefined;
  readonly schema?: string;
  /**
   * Seconds between an idle worker's looks for jobs: how late a job whose start time has come
   * (a retry, a scheduled send) may start. A job that can start at once wakes the workers of its
   * queue when it commits (LISTEN/NOTIFY), in every process on the database.
   */
  readonly pollingIntervalSeconds?: number;
  /**
   * Whether an enqueue wakes the workers (default true). Off for a process whose clock is not the
   * database's (tests that move time): the database would find the jobs that clock set in its past
   * runnable at once, and a job that enqueues its next run would wake itself in a loop.
   */
  readonly wakeOnEnqueue?: boolean;
  /** Seconds between pg-boss's supervision passes (expiring dead attempts, retrying). */
  readonly superviseIntervalSeconds?: number;
  /**
   * Workers refresh a heartbeat on their running attempts; an attempt without one for this long
   * (at least 10 s) is presumed dead and retried, long before its `expireInSeconds`.
   */
  readonly heartbeatSeconds?: number;
  readonly clock?: PgBossClock;
  readonly onError?: (error: Error) => void;
}

interface Registration {
  readonly definition: JobDefinition<object>;
  readonly handler?: JobHandler<object>;
}

/**
 * The JobScheduler and JobWorkers ports on pg-boss 12, in the application database. Jobs are
 * at-least-once: an attempt that dies is expired after its `expireInSeconds` and retried. Every
 * queue notifies: a job that can run now is fetched when its enqueue commits, not at the next poll.
 */
export class PgBossJobs implements JobScheduler, JobWorkers {
  private readonly boss: PgBoss;
  private readonly registrations = new Map<string, Registration>();
  private readonly wakesOnEnqueue: boolean;
  private readonly pollingIntervalSeconds: number;
  private started = false;

  constructor(private readonly config: PgBossJobsConfig) {
    this.wakesOnEnqueue = config.wakeOnEnqueue ?? true;
    this.pollingIntervalSeconds = config.pollingIntervalSeconds ?? 2;
    this.boss = new PgBoss({
      ...(config.executor ? { db: config.executor as IDatabase } : { connectionString: config.connectionString, max: 5 }),
      schema: config.schema ?? 'pgboss',
      useListenNotify: this.wakesOnEnqueue,
      superviseIntervalSeconds: config.superviseIntervalSeconds ?? 30,
      monitorIntervalSeconds: config.superviseIntervalSeconds ?? 30,
      ...(config.clock ? { clock: config.clock } : {}),
    });
    this.boss.on('error', (error: Error) => (config.onError ?? defaultOnError)(error));
  }

  /** Makes a job known so it can be enqueued (API role) without running it here. */
  declare<P extends object>(job: JobDefinition<P>): void {
    if (!this.registrations.has(job.name)) this.registrations.set(job.name, { definition: job as JobDefinition<object> });
  }

  register<P extends object>(job: JobDefinition<P>, handler: JobHandler<P>): void {
    if (this.started) throw new Error(`Register job ${job.name} before starting the workers`);
    this.registrations.set(job.name, { definition: job as JobDefinition<object>, handler: handler as JobHandler<object> });
  }

  /** Starts pg-boss, creates the queues, and with `workers` starts polling for registered handlers. */
  async start(options: { workers: boolean }): Promise<void> {
    await this.boss.start();
    for (const { definition, handler } of this.registrations.values()) {
      const policy = {
        retryLimit: definition.retryLimit,
        retryDelay: definition.retryDelaySeconds,
        retryBackoff: definition.retryBackoff,
        expireInSeconds: definition.expireInSeconds,
        notify: this.wakesOnEnqueue,
        ...(this.config.heartbeatSeconds ? { heartbeatSeconds: this.config.heartbeatSeconds } : {}),
      };
      // createQueue leaves an existing queue as it is: a changed definition reaches it through updateQueue.
      await this.boss.createQueue(definition.name, policy);
      await this.boss.updateQueue(definition.name, policy);
      // updateQueue drops the queue from pg-boss's cache, and an enqueue that misses the cache reads
      // the queue on pg-boss's own connection: on the one embedded session, inside a unit of work
      // holding it, that read would wait forever. Reading any job of the queue caches it again.
      await this.boss.getJobById(definition.name, NO_JOB);
      if (options.workers && handler) await this.work(definition, handler);
    }
    this.started = true;
  }

  async enqueue<P extends object>(job: JobDefinition<P>, payload: P, options: EnqueueOptions = {}): Promise<string | null> {
    if (!this.registrations.has(job.name)) throw new Error(`Job ${job.name} was never declared`);
    const db = this.config.transactionExecutor() as IDatabase | undefined;
    return this.boss.send(job.name, payload, { ...jobOptions(options), ...(db ? { db } : {}) });
  }

  async enqueueMany<P extends object>(job: JobDefinition<P>, jobs: readonly { readonly payload: P; readonly options?: EnqueueOptions }[]): Promise<void> {
    if (!this.registrations.has(job.name)) throw new Error(`Job ${job.name} was never declared`);
    if (jobs.length === 0) return;
    const db = this.config.transactionExecutor() as IDatabase | undefined;
    const inserts = jobs.map(({ payload, options = {} }) => ({ data: payload, ...jobOptions(options) }));
    await this.boss.insert(job.name, inserts, db ? { db } : {});
  }

  async isHealthy(): Promise<boolean> {
    try {
      await this.boss.getQueues();
      return true;
    } catch {
      return false;
    }
  }

  /** Stops polling and, when graceful, waits for attempts in flight (up to `timeoutMs`). */
  async stop(options: { graceful: boolean; timeoutMs?: number } = { graceful: true }): Promise<void> {
    await this.boss.stop({ graceful: options.graceful, timeout: options.timeoutMs ?? 30_000, close: true });
  }

  /**
   * Each worker fetches up to `batchSize` jobs and runs them at once, each settled on its own (one
   * failure retries that job alone); while fetches come back full it fetches again at once instead
   * of waiting for the polling interval.
   */
  private async work(definition: JobDefinition<object>, handler: JobHandler<object>): Promise<void> {
    const batchSize = definition.batchSize ?? 1;
    await this.boss.work<object>(
      definition.name,
      {
        batchSize,
        burstWhenBatchFull: batchSize > 1,
        perJobResults: true,
        localConcurrency: definition.concurrency ?? 1,
        ...(definition.perGroupConcurrency ? { groupConcurrency: definition.perGroupConcurrency } : {}),
        // While NOTIFY is heard it wakes the workers; polling only finds the jobs whose time came.
        pollingIntervalSeconds: this.pollingIntervalSeconds,
        notifyPollingIntervalSeconds: this.pollingIntervalSeconds,
      },
      (jobs) =>
        Promise.all(
          jobs.map(async (job): Promise<JobResult> => {
            try {
              await handler(job.data, { jobId: job.id, retryCount: job.retryCount });
              return { id: job.id, status: 'completed' };
            } catch (error) {
              return { id: job.id, status: 'failed', output: { message: error instanceof Error ? error.message : String(error) } };
            }
          }),
        ),
    );
  }
}

const NO_JOB = '00000000-0000-0000-0000-000000000000';

const jobOptions = (options: EnqueueOptions) => ({
  ...(options.startAfter ? { startAfter: options.startAfter } : {}),
  ...(options.singletonKey ? { singletonKey: options.singletonKey } : {}),
  ...(options.group ? { group: { id: options.group } } : {}),
});

const defaultOnError = (error: Error): void => {
  console.error(JSON.stringify({ level: 'error', msg: 'pg-boss error', error: error.message }));
};
