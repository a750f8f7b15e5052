import { PgBoss, type Clock as PgBossClock, type Db as IDatabase, type JobResult } from 'pg-boss';
import type { EnqueueOptions, JobDefinition, JobHandler, JobScheduler, JobWorkers } from '@tuma/kernel';

/** Runs one SQL statement; the shape pg-boss calls a `db`. */
export interface SqlExecutor {
  executeSql(text: string, values?: unknown[]): Promise<{ rows: any[] }>;
}

export interface PgBossJobsConfig {
  /** PostgreSQL: pg-boss keeps its own pool on this database. */
  readonly connectionString?: string;
  /** Embedded: every pg-boss statement goes through the application's serialized session. */
  readonly executor?: SqlExecutor;
  /** The open transaction of the calling unit of work, so an enqueue commits or rolls back with it. */
  readonly transactionExecutor: () => SqlExecutor | undefined;
  readonly schema?: string;
  readonly pollingIntervalSeconds?: number;
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
 * at-least-once: an attempt that dies is expired after its `expireInSeconds` and retried.
 */
export class PgBossJobs implements JobScheduler, JobWorkers {
  private readonly boss: PgBoss;
  private readonly registrations = new Map<string, Registration>();
  private started = false;

  constructor(private readonly config: PgBossJobsConfig) {
    this.boss = new PgBoss({
      ...(config.executor ? { db: config.executor as IDatabase } : { connectionString: config.connectionString, max: 5 }),
      schema: config.schema ?? 'pgboss',
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
        ...(this.config.heartbeatSeconds ? { heartbeatSeconds: this.config.heartbeatSeconds } : {}),
      };
      // createQueue leaves an existing queue as it is: a changed definition reaches it through updateQueue.
      await this.boss.createQueue(definition.name, policy);
      await this.boss.updateQueue(definition.name, policy);
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
        pollingIntervalSeconds: this.config.pollingIntervalSeconds ?? 2,
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

const jobOptions = (options: EnqueueOptions) => ({
  ...(options.startAfter ? { startAfter: options.startAfter } : {}),
  ...(options.singletonKey ? { singletonKey: options.singletonKey } : {}),
  ...(options.group ? { group: { id: options.group } } : {}),
});

const defaultOnError = (error: Error): void => {
  console.error(JSON.stringify({ level: 'error', msg: 'pg-boss error', error: error.message }));
};
