import { ResultAsync } from 'neverthrow';
import type { DomainError } from '../domain/domain-error.ts';

/** A kind of background job: its queue name and retry policy. Payloads are JSON objects. */
export interface JobDefinition<Payload extends object> {
  readonly name: string;
  /** How many times a failed attempt is retried (not counting the first). */
  readonly retryLimit: number;
  /** Seconds before the first retry. */
  readonly retryDelaySeconds: number;
  /** Doubles the delay on each retry when true. */
  readonly retryBackoff: boolean;
  /** An attempt still running after this long is presumed dead and retried. */
  readonly expireInSeconds: number;
  /** Workers of one process, each fetching and running `batchSize` jobs at once (default 1 and 1). */
  readonly concurrency?: number;
  readonly batchSize?: number;
  /**
   * Attempts of one group (an account: EnqueueOptions.group) running at once across every process:
   * with a cap, a group's backlog cannot take every worker, so other groups' jobs go first.
   */
  readonly perGroupConcurrency?: number;
  /** Phantom marker tying the definition to its payload type. */
  readonly __payload?: Payload;
}

export function defineJob<Payload extends object>(
  definition: Pick<JobDefinition<Payload>, 'name'> & Partial<Omit<JobDefinition<Payload>, 'name' | '__payload'>>,
): JobDefinition<Payload> {
  return { retryLimit: 3, retryDelaySeconds: 5, retryBackoff: true, expireInSeconds: 300, ...definition };
}

export interface EnqueueOptions {
  /** Do not start before this time. */
  readonly startAfter?: Date;
  /** While a job with this key is queued or running in the same queue, a second enqueue is a no-op. */
  readonly singletonKey?: string;
  /** Whose job it is (an account id), for the definition's perGroupConcurrency. */
  readonly group?: string;
}

/**
 * Enqueues background work. Called inside a UnitOfWork, the job is written in the same
 * transaction: it exists if and only if the surrounding writes commit.
 */
export interface JobScheduler {
  enqueue<P extends object>(job: JobDefinition<P>, payload: P, options?: EnqueueOptions): Promise<string | null>;
  /** Many jobs of one kind in one write (a bulk send's fan-out), with the same guarantee as `enqueue`. */
  enqueueMany<P extends object>(job: JobDefinition<P>, jobs: readonly { readonly payload: P; readonly options?: EnqueueOptions }[]): Promise<void>;
}

export interface JobContext {
  readonly jobId: string;
  /** 0 on the first attempt. */
  readonly retryCount: number;
}

/** Handlers run at least once per job: they must be idempotent. A throw schedules a retry. */
export type JobHandler<P extends object> = (payload: P, context: JobContext) => Promise<void>;

export interface JobWorkers {
  register<P extends object>(job: JobDefinition<P>, handler: JobHandler<P>): void;
}

/**
 * A job and the work that runs it, as a package hands its jobs to a worker process: `register`
 * puts the handler on the workers, each attempt inside `around` (e.g. a fresh database context).
 */
export interface JobRoute {
  readonly name: string;
  register(workers: JobWorkers, around: (attempt: () => Promise<unknown>) => Promise<unknown>): void;
}

/**
 * The route of `job` to `run`, usually a use case's `execute`. Its answer's value is dropped; an
 * Err fails the attempt as a throw does (the job is retried by its definition), thrown as an Error
 * with the domain error's message and the error itself as `cause`: never swallowed.
 */
export function jobRoute<P extends object>(job: JobDefinition<P>, run: (payload: P, context: JobContext) => Promise<unknown> | ResultAsync<unknown, DomainError>): JobRoute {
  return {
    name: job.name,
    register: (workers, around) =>
      workers.register(job, async (payload, context) => {
        await around(async () => {
          const answer = run(payload, context);
          if (!(answer instanceof ResultAsync)) return answer;
          const result = await answer;
          if (result.isErr()) throw new Error(result.error.message, { cause: result.error });
          return result.value;
        });
      }),
  };
}
