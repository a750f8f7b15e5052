import type { WalletLedger } from '@tuma/billing';
import type { Clock, GroupCommitOptions, JobScheduler, UnitOfWork } from '@tuma/kernel';
import type { Catalogue } from '../catalogue/catalogue.port.ts';
import type { EventPublisher } from '../../domain/events/webhook-event.ts';
import { DEFAULT_RETRY_POLICY, type RetryPolicy } from '../../domain/delivery/retry-policy.ts';
import type { BatchAudience } from './batch-audience.port.ts';
import type { MessageRepository } from '../messages/message.repository.port.ts';
import type { OutboundMessage } from '../../domain/messages/outbound-message.ts';
import { ClaimMessages, type Loader, type Requeue } from './claim-messages.ts';
import { DeliveryChanges } from './delivery-changes.ts';
import { reportOf, sumOf, type DispatchOutcome, type DispatchReport } from './dispatch-report.ts';
import { FailUndispatched } from './fail-undispatched.ts';
import type { GatewaySelector } from './gateway-selector.ts';
import { RecordAnswers } from './record-answers.ts';
import type { RouteThrottle } from './route-throttle.ts';
import { DISPATCH_BATCH_JOB, OWN_SUBMISSION_DEADLINE_MS } from './sending-jobs.ts';
import type { SendingHolds } from './sending-holds.port.ts';
import { SubmitMessages } from './submit-messages.ts';
import { SubmitSingles } from './submit-singles.ts';
import type { QuietHoursGate } from '../quiet-hours/quiet-hours-gate.ts';

export interface DispatchOptions {
  readonly retryPolicy?: RetryPolicy;
  /** Submissions in flight at once per dispatch (each also takes one of the process's `inFlight`). */
  readonly concurrency?: number;
  /** Submissions of jobs the process has handed to carriers and not yet recorded, at most (default DISPATCH_IN_FLIGHT_MAX). */
  readonly inFlight?: number;
  /**
   * Whether a fault passes by itself (the database away, a deadlock): a record of carriers' answers
   * that fails with one is tried again until it is written, so what the carriers took is not sent
   * again once the database is back. Other faults fail the record's jobs at once. None by default.
   */
  readonly isTransient?: (error: unknown) => boolean;
  /** How long a sender's own submission waits for its carrier's answer (default OWN_SUBMISSION_DEADLINE_MS). */
  readonly ownDeadlineMs?: number;
  /** How concurrent submissions are gathered (e.g. `around`: a fresh database context per batch). */
  readonly groupCommit?: Omit<GroupCommitOptions, 'maxBatch' | 'concurrency'>;
  /** Batches of single-message submissions in flight at once (default 1; needs `groupCommit.around`). */
  readonly singleBatchesAtOnce?: number;
}

/**
 * Submissions of jobs one process has handed to carriers and whose answers are not yet committed,
 * at most: what a kill of the process can send twice, since a job that finds its message `sent`
 * without a recorded answer sends it again (docs/reliability.md, "What a kill can duplicate").
 */
export const DISPATCH_IN_FLIGHT_MAX = 64;

/**
 * Batches of single-message submissions in flight at once where each has a database context of its
 * own: a batch spends most of its time waiting for carriers, so one at a time caps the dispatch at
 * a batch per carrier round trip (docs/performance.md).
 */
export const DISPATCH_BATCHES_AT_ONCE = 4;

/** How a sender that submits its own message (an OTP) wants it sent; a refusal fails it at once (and refunds it). */
export interface OwnSubmission {
  /** The text the carrier gets, where the stored one is masked. */
  readonly text: string;
}

/**
 * Hands due messages to their gateway, in three steps so that a process dying at any point loses
 * nothing and charges nothing twice:
 * 1. under the rows' locks, each due message takes `dispatched` (status `sent`) and commits;
 * 2. the gateway calls, throttled per route, outside any transaction, at most DISPATCH_IN_FLIGHT_MAX
 *    of the process's jobs handed over and not yet recorded;
 * 3. each answer recorded as it comes (the answers of the same moment in one commit):
 *    `carrier_accepted`, or the retry policy's decision (a retry job at its delay, or `failed` with
 *    a refund).
 * A job that finds its message still `sent` from an attempt that died in step 2 cannot know whether
 * the carrier took it: that counts as a `network_timeout` refusal and, with retries left, the
 * message is sent again at once — unless receipts matched by our id already arrived for it, which
 * prove the carrier has it: then it is accepted with their ids. So a kill sends again at most the
 * in-flight submissions of step 2. docs/message-statuses.md, "Retries"; docs/reliability.md.
 *
 * The steps, each in a file of its own beside this one: `ClaimMessages` (1), `SubmitMessages` (2),
 * `RecordAnswers` (3, with the retry decision), `SubmitSingles` (the jobs of one message gathered
 * into one claim and one record) and `FailUndispatched` for what can no longer go;
 * `DeliveryChanges` is how each writes, refunds and reports what it moved.
 */
export class DispatchMessages {
  private readonly claims: ClaimMessages;
  private readonly submissions: SubmitMessages;
  private readonly undispatched: FailUndispatched;
  private readonly singles: SubmitSingles;

  constructor(
    private readonly messages: MessageRepository,
    private readonly audience: BatchAudience,
    catalogue: Catalogue,
    gateways: GatewaySelector,
    throttle: RouteThrottle,
    ledger: WalletLedger,
    private readonly jobs: JobScheduler,
    events: EventPublisher,
    private readonly holds: SendingHolds,
    unitOfWork: UnitOfWork,
    private readonly clock: Clock,
    quietHoursGate: QuietHoursGate,
    options: DispatchOptions = {},
  ) {
    const retryPolicy = options.retryPolicy ?? DEFAULT_RETRY_POLICY;
    const changes = new DeliveryChanges(messages, ledger, events);
    const answers = new RecordAnswers(messages, jobs, events, changes, unitOfWork, clock, options.isTransient ?? (() => false), options.groupCommit?.around ?? ((work) => work()));
    this.claims = new ClaimMessages(catalogue, gateways, jobs, holds, changes, unitOfWork, clock, quietHoursGate, retryPolicy);
    this.submissions = new SubmitMessages(gateways, throttle, answers, retryPolicy, {
      concurrency: options.concurrency ?? 64,
      inFlight: options.inFlight ?? DISPATCH_IN_FLIGHT_MAX,
      ownDeadlineMs: options.ownDeadlineMs ?? OWN_SUBMISSION_DEADLINE_MS,
    });
    this.undispatched = new FailUndispatched(messages, audience, changes, unitOfWork, clock);
    this.singles = new SubmitSingles(messages, jobs, this.claims, this.submissions, { concurrency: options.singleBatchesAtOnce ?? 1, ...options.groupCommit });
  }

  /**
   * One message, at attempt `attempt` (its retry count): a single send, a scheduled send or a retry.
   * Those submitted at the same time (the jobs a worker fetched together) are dispatched together:
   * one claim and one record for all of them, each message its own report.
   */
  submitMessage(messageId: string, attempt: number): Promise<DispatchReport> {
    return this.singles.submit(messageId, attempt);
  }

  /**
   * The first attempts of messages one send batch accepted (SUBMIT_MESSAGES_JOB): each as its own
   * job would go, dispatched together with whatever else is being submitted; the job fails (and
   * runs again) when any of them failed, as each one's job would.
   */
  async submitFirstAttempts(messageIds: readonly string[]): Promise<DispatchReport> {
    const settled = await Promise.allSettled(messageIds.map((messageId) => this.submitMessage(messageId, 0)));
    const failure = settled.find((outcome) => outcome.status === 'rejected');
    if (failure) throw failure.reason;
    return sumOf(settled.map((outcome) => (outcome as PromiseFulfilledResult<DispatchReport>).value));
  }

  /**
   * A message its sender is about to store and submit itself (`CallerSubmission`): step 1 done
   * before it is stored, so the insert is its claim. No job dispatches it, its route was active
   * and its account authenticated a moment ago.
   */
  ownDispatched(message: OutboundMessage): OutboundMessage {
    return this.claims.dispatched(message, this.clock.now());
  }

  /**
   * A message its sender has just stored dispatched (`ownDispatched`) and submits at once (an OTP:
   * UNSENT_MESSAGE_GUARD_JOB covers its death), with the text only it holds and no retries. Step 3
   * is shared with the other senders' own submissions of the same moment (one unit of work).
   */
  submitOwn(message: OutboundMessage, own: OwnSubmission): Promise<DispatchReport> {
    return this.submissions.submitOwn(message, own.text);
  }

  /**
   * In the caller's unit of work, for the guard of messages their senders were to submit
   * (GuardUnsentMessages): each one still `queued` or `sent` is failed with `dispatch_failed` and
   * refunded. The ids of those failed.
   */
  failUnsent(messageIds: readonly string[]): Promise<string[]> {
    return this.undispatched.unsent(messageIds);
  }

  /**
   * Members `fromSeq`..`toSeq` of a batch (first attempts; retries have their own jobs), written as
   * messages first when they are still kept in the batch's audience.
   */
  async submitBatchRange(batchId: string, fromSeq: number, toSeq: number, options: { readonly lastAttempt?: boolean } = {}): Promise<DispatchReport> {
    try {
      return await this.dispatchBatchRange(batchId, fromSeq, toSeq);
    } catch (error) {
      // Retries are for faults that pass; on the last one, a chunk that still cannot be written is
      // failed and refunded where everyone sees it, never left charged and queued for ever.
      if (!options.lastAttempt) throw error;
      return this.undispatched.batchRange(batchId, fromSeq, toSeq);
    }
  }

  /** Whether the account's messages are held (suspended); exposed for the drip, which pauses whole. */
  isHeld(accountId: string): Promise<boolean> {
    return this.holds.isHeld(accountId);
  }

  private async dispatchBatchRange(batchId: string, fromSeq: number, toSeq: number): Promise<DispatchReport> {
    const outcomes = await this.dispatch(
      async () => {
        await this.audience.materialize(batchId, fromSeq, toSeq);
        return this.messages.lockBatchRange(batchId, fromSeq, toSeq);
      },
      () => 0,
      (startAfter) => this.jobs.enqueue(DISPATCH_BATCH_JOB, { batchId, fromSeq, toSeq }, { startAfter }),
    );
    return reportOf(outcomes.values());
  }

  /** The three steps for the messages `load` locks, each at the attempt its job asked for; the outcome of each message handed to a gateway. */
  private async dispatch(load: Loader, attemptOf: (row: OutboundMessage) => number, requeue: Requeue): Promise<Map<string, DispatchOutcome | undefined>> {
    return this.submissions.submitAll(await this.claims.claim(load, attemptOf, requeue));
  }
}
