import type { Digests } from './application/digests.port.ts';
import type { FailureLog } from './application/failure-log.port.ts';
import type { JobScheduler, JobWorkers } from './application/job-scheduler.port.ts';
import { token } from './application/token.ts';
import type { UnitOfWork } from './application/unit-of-work.port.ts';
import type { BatchContext } from './application/group-commit.ts';
import type { Clock } from './application/clock.port.ts';

export const KERNEL_TOKENS = {
  clock: token<Clock>('kernel.Clock'),
  unitOfWork: token<UnitOfWork>('kernel.UnitOfWork'),
  /** Where each group commit's batch runs (the server: a fresh ORM context), shared by every product's gathered work. */
  batchContext: token<BatchContext>('kernel.BatchContext'),
  jobScheduler: token<JobScheduler>('kernel.JobScheduler'),
  jobWorkers: token<JobWorkers>('kernel.JobWorkers'),
  /** Failed guesses of every product's `GuessThrottle` (sign-in, link passwords, SMTP AUTH). */
  failureLog: token<FailureLog>('kernel.FailureLog'),
  /** The one synchronous SHA-256 and HMAC of the process (signed tokens, code hashes, inbound signatures, key hashes). */
  digests: token<Digests>('kernel.Digests'),
};
