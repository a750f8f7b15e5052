import type { WalletLedger } from '@tuma/billing';
import { err, GroupCommit, Slots, transact, type Clock, type GroupCommitOptions, type JobScheduler, type UnitOfWork } from '@tuma/kernel';
import type { Catalogue } from '../catalogue/catalogue.port.ts';
import { deliveryReports } from '../../domain/events/delivery-report.ts';
import type { EventPublisher } from '../../domain/events/webhook-event.ts';
import { DEFAULT_RETRY_POLICY, NO_RETRIES, type RetryPolicy } from '../../domain/delivery/retry-policy.ts';
import type { BatchAudience } from './batch-audience.port.ts';
import type { MessageRepository } from '../messages/message.repository.port.ts';
import type { OutboundMessage } from '../../domain/messages/outbound-message.ts';
import { segmentMessage } from '../../domain/segmenting/segmenter.ts';
import { submitRejected, type SubmitResult } from '../delivery/carrier-gateway.port.ts';
import type { GatewaySelector } from './gateway-selector.ts';
import { legalTransition } from './legal-transition.ts';
import { refundMessage } from './refund-message.ts';
import type { RouteThrottle } from './route-throttle.ts';
import { DISPATCH_BATCH_JOB, OWN_SUBMISSION_DEADLINE_MS, SUBMIT_MESSAGE_JOB } from './sending-jobs.ts';
import { HOLD_RECHECK_MS, type SendingHolds } from './sending-holds.port.ts';
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

/** A promotional message whose hours never open now (changed since it was accepted) is looked at again after this. */
const QUIET_HOURS_RECHECK_MS = 60 * 60_000;

/** Most single-message submissions dispatched together: two job workers' fetches of 32. */
const SINGLES_BATCH_MAX = 64;

/**
 * Submissions of jobs one process has handed to carriers and whose answers are not yet committed,
 * at most: what a kill of the process can send twice, since a job that finds its message `sent`
 * without a recorded answer sends it again (docs/reliability.md, "What a kill can duplicate").
 */
export const DISPATCH_IN_FLIGHT_MAX = 64;

/** Carriers' answers recorded in one commit, at most. */
const ANSWERS_BATCH_MAX = 128;

/** How a record is tried again while its fault passes: 1 s apart at most, for up to 10 minutes. */
const OUTAGE_RETRY_MS = { first: 100, most: 1_000, giveUpAfter: 10 * 60_000 } as const;

/**
 * Batches of single-message submissions in flight at once where each has a database context of its
 * own: a batch spends most of its time waiting for carriers, so one at a time caps the dispatch at
 * a batch per carrier round trip (docs/performance.md).
 */
export const DISPATCH_BATCHES_AT_ONCE = 4;

export interface DispatchReport {
  /** Messages handed to a gateway. */
  readonly submitted: number;
  readonly accepted: number;
  readonly retried: number;
  readonly failed: number;
}

/** How a sender that submits its own message (an OTP) wants it sent; a refusal fails it at once (and refunds it). */
export interface OwnSubmission {
  /** The text the carrier gets, where the stored one is masked. */
  readonly text: string;
}

type Loader = () => Promise<readonly OutboundMessage[]>;
/** Enqueues the work of these held messages again later: what a job does while its account is held. */
type Requeue = (startAfter: Date, held: readonly OutboundMessage[]) => Promise<unknown>;
/** What became of one message handed to its gateway. */
type Outcome = 'accepted' | 'retried' | 'failed';
interface SingleSubmission {
  readonly messageId: string;
  readonly attempt: number;
}
/** A carrier's answer to a message as its dispatcher holds it, to be recorded under `policy`. */
interface Answer {
  readonly message: OutboundMessage;
  readonly result: SubmitResult;
  readonly policy: RetryPolicy;
}

const NOTHING_DISPATCHED: DispatchReport = { submitted: 0, accepted: 0, retried: 0, failed: 0 };

function sumOf(reports: readonly DispatchReport[]): DispatchReport {
  return reports.reduce((sum, report) => ({ submitted: sum.submitted + report.submitted, accepted: sum.accepted + report.accepted, retried: sum.retried + report.retried, failed: sum.failed + report.failed }), NOTHING_DISPATCHED);
}

function reportOf(outcomes: Iterable<Outcome | undefined>): DispatchReport {
  const report = { submitted: 0, accepted: 0, retried: 0, failed: 0 };
  for (const outcome of outcomes) {
    report.submitted++;
    if (outcome) report[outcome]++;
  }
  return report;
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
 */
export class DispatchMessages {
  private readonly retryPolicy: RetryPolicy;
  private readonly concurrency: number;
  /** Single-message submissions running at the same time share their claim and record units of work. */
  private readonly singles: GroupCommit<SingleSubmission, PromiseSettledResult<DispatchReport>>;
  /** Carriers' answers, recorded as they come: those that come at the same time in one unit of work. */
  private readonly answers: GroupCommit<Answer, Outcome | undefined>;
  /** What bounds the submissions a kill can duplicate: taken from before a job's submission until its answer is committed. */
  private readonly inFlight: Slots;
  private readonly isTransient: (error: unknown) => boolean;
  private readonly batchContext: <T>(work: () => Promise<T>) => Promise<T>;
  private readonly ownDeadlineMs: number;

  constructor(
    private readonly messages: MessageRepository,
    private readonly audience: BatchAudience,
    private readonly catalogue: Catalogue,
    private readonly gateways: GatewaySelector,
    private readonly throttle: RouteThrottle,
    private readonly ledger: WalletLedger,
    private readonly jobs: JobScheduler,
    private readonly events: EventPublisher,
    private readonly holds: SendingHolds,
    private readonly unitOfWork: UnitOfWork,
    private readonly clock: Clock,
    private readonly quietHoursGate: QuietHoursGate,
    options: DispatchOptions = {},
  ) {
    this.retryPolicy = options.retryPolicy ?? DEFAULT_RETRY_POLICY;
    this.concurrency = options.concurrency ?? 64;
    this.singles = new GroupCommit((items) => this.submitTogether(items), { maxBatch: SINGLES_BATCH_MAX, concurrency: options.singleBatchesAtOnce ?? 1, ...options.groupCommit });
    this.inFlight = new Slots(options.inFlight ?? DISPATCH_IN_FLIGHT_MAX);
    this.isTransient = options.isTransient ?? (() => false);
    this.batchContext = options.groupCommit?.around ?? ((work) => work());
    this.ownDeadlineMs = options.ownDeadlineMs ?? OWN_SUBMISSION_DEADLINE_MS;
    // One record at a time: each is one commit, and what arrives meanwhile joins the next. Each try
    // runs in a database context of its own (a try the database broke leaves nothing to the next).
    this.answers = new GroupCommit((answers) => this.recordUntilWritten(answers), { maxBatch: ANSWERS_BATCH_MAX });
  }

  /**
   * One message, at attempt `attempt` (its retry count): a single send, a scheduled send or a retry.
   * Those submitted at the same time (the jobs a worker fetched together) are dispatched together:
   * one claim and one record for all of them, each message its own report.
   */
  async submitMessage(messageId: string, attempt: number): Promise<DispatchReport> {
    const settled = await this.singles.submit({ messageId, attempt });
    if (settled.status === 'rejected') throw settled.reason;
    return settled.value;
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
   * A batch whose claim fails (a fault of one message, or of the database) is claimed again one
   * message at a time, so one message's fault fails its job alone. A fault after the gateway calls
   * fails every job of the batch, as it would each job alone: their retries find the messages
   * `sent` and decide as after any death mid-submission.
   */
  private async submitTogether(items: readonly SingleSubmission[]): Promise<PromiseSettledResult<DispatchReport>[]> {
    // A message asked for twice (a stale job and the current retry) goes at the attempt its row is
    // at, as the job of that attempt would alone; the other asks dispatch nothing.
    const asked = new Map<string, number[]>();
    for (const { messageId, attempt } of items) asked.set(messageId, [...(asked.get(messageId) ?? []), attempt]);
    const chosen = new Map<string, number>();
    let dispatched: OutboundMessage[];
    try {
      dispatched = await this.claimStep(
        async () => {
          const rows = await this.messages.lockByIds([...asked.keys()]);
          for (const row of rows) {
            const attempts = asked.get(row.id)!;
            chosen.set(row.id, attempts.includes(row.delivery.retryCount) ? row.delivery.retryCount : attempts[0]!);
          }
          return rows;
        },
        (row) => chosen.get(row.id)!,
        (startAfter, held) =>
          Promise.all(held.map((row) => this.jobs.enqueue(SUBMIT_MESSAGE_JOB, { messageId: row.id, attempt: chosen.get(row.id)! }, { startAfter, group: row.accountId }))),
      );
    } catch (error) {
      if (items.length === 1) return [{ status: 'rejected', reason: error }];
      return Promise.all(items.map(async (item) => (await this.submitTogether([item]))[0]!));
    }
    let outcomes: Map<string, Outcome | undefined>;
    try {
      outcomes = await this.submitAndRecord(dispatched);
    } catch (error) {
      return items.map(() => ({ status: 'rejected', reason: error }));
    }
    const reported = new Set<string>();
    return items.map(({ messageId, attempt }) => {
      if (reported.has(messageId) || !outcomes.has(messageId) || chosen.get(messageId) !== attempt) return { status: 'fulfilled', value: NOTHING_DISPATCHED };
      reported.add(messageId);
      return { status: 'fulfilled', value: reportOf([outcomes.get(messageId)]) };
    });
  }

  /**
   * A message its sender is about to store and submit itself (`CallerSubmission`): step 1 done
   * before it is stored, so the insert is its claim. No job dispatches it, its route was active
   * and its account authenticated a moment ago.
   */
  ownDispatched(message: OutboundMessage): OutboundMessage {
    return this.dispatched(message, this.clock.now());
  }

  /**
   * A message its sender has just stored dispatched (`ownDispatched`) and submits at once (an OTP:
   * UNSENT_MESSAGE_GUARD_JOB covers its death), with the text only it holds and no retries. Step 3
   * is shared with the other senders' own submissions of the same moment (one unit of work).
   */
  async submitOwn(message: OutboundMessage, own: OwnSubmission): Promise<DispatchReport> {
    let deadline: ReturnType<typeof setTimeout> | undefined;
    const late = new Promise<SubmitResult>((resolve) => {
      deadline = setTimeout(() => resolve(err(submitRejected('network_timeout', true, `no answer from the carrier within ${this.ownDeadlineMs} ms`))), this.ownDeadlineMs);
    });
    // Past the deadline the code counts as refused (failed, refunded, 502) before its guard looks at
    // it; an answer that still comes finds it failed and changes nothing.
    const result = await Promise.race([this.submitOne(message, own.text), late]).finally(() => clearTimeout(deadline));
    return reportOf([await this.answers.submit({ message, result, policy: NO_RETRIES })]);
  }

  /**
   * Step 3 for answers that came together, in one unit of work, tried again while its fault passes
   * (`isTransient`): an answer is held in memory, its in-flight slot with it, until it is written.
   */
  private async recordUntilWritten(answers: readonly Answer[]): Promise<(Outcome | undefined)[]> {
    const started = Date.now();
    for (let wait: number = OUTAGE_RETRY_MS.first; ; wait = Math.min(wait * 2, OUTAGE_RETRY_MS.most)) {
      try {
        const outcomes = await this.batchContext(() => transact(this.unitOfWork, () => this.recordAnswers(answers)));
        return answers.map(({ message }) => outcomes.get(message.id));
      } catch (error) {
        if (!this.isTransient(error) || Date.now() - started > OUTAGE_RETRY_MS.giveUpAfter) throw error;
        await new Promise((resolve) => setTimeout(resolve, wait));
      }
    }
  }

  /**
   * Step 3, each answer applied to the message as its dispatcher holds it. An accepted one whose row
   * is still so (no receipt came first: the usual case) is written from that copy, without reading
   * its row back under a lock (one statement for all of them); the others (refusals, rows a receipt
   * changed meanwhile) are recorded on their rows as they are now.
   */
  private async recordAnswers(answers: readonly Answer[]): Promise<Map<string, Outcome | undefined>> {
    const now = this.clock.now();
    // In id order, as every locker of messages takes them (a receipt batch at the same moment).
    const accepted = [...answers].sort((a, b) => (a.message.id < b.message.id ? -1 : 1)).flatMap(({ message: before, result }) =>
      result.isOk() ? [{ before, after: legalTransition(before.id, before.accept(result.value.carrierMessageIds, now)).message }] : [],
    );
    const written = await this.messages.saveDeliveryIfUnchanged(accepted);
    const changes = accepted.filter(({ before }) => written.has(before.id));
    await this.events.publish(deliveryReports(changes.map(({ before, after }) => ({ before: before.delivery.status, after })), now));
    const rest = answers.filter(({ message }) => !written.has(message.id));
    const outcomes = rest.length > 0 ? await this.record(rest) : new Map<string, Outcome | undefined>();
    for (const { before } of changes) outcomes.set(before.id, 'accepted');
    return outcomes;
  }

  /**
   * In the caller's unit of work, for the guard of messages their senders were to submit
   * (GuardUnsentMessages): each one still `queued` (its sender died before submitting) or `sent` (it
   * died waiting for the carrier's answer) is failed with `dispatch_failed` and refunded; the text to
   * send it again died with the sender. The ids of those failed.
   */
  async failUnsent(messageIds: readonly string[]): Promise<string[]> {
    const rows = await this.messages.lockByIds(messageIds);
    const now = this.clock.now();
    const failed: OutboundMessage[] = [];
    for (const row of rows.filter((m) => m.delivery.status === 'queued' || m.delivery.status === 'sent')) {
      failed.push(await this.failed(legalTransition(row.id, row.fail('dispatch_failed', now))));
    }
    await this.save(rows, failed, now);
    return failed.map((message) => message.id);
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
      return this.failBatchRange(batchId, fromSeq, toSeq);
    }
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

  /** The range's members written as they can be, then `failed` with `dispatch_failed` and refunded, each once. */
  private failBatchRange(batchId: string, fromSeq: number, toSeq: number): Promise<DispatchReport> {
    return transact(this.unitOfWork, async () => {
      await this.audience.makeStorable(batchId, fromSeq, toSeq);
      await this.audience.materialize(batchId, fromSeq, toSeq);
      const rows = await this.messages.lockBatchRange(batchId, fromSeq, toSeq);
      const now = this.clock.now();
      const failed: OutboundMessage[] = [];
      for (const row of rows.filter((m) => m.delivery.status === 'queued')) {
        failed.push(await this.failed(legalTransition(row.id, row.fail('dispatch_failed', now))));
      }
      await this.save(rows, failed, now);
      return { submitted: 0, accepted: 0, retried: 0, failed: failed.length };
    });
  }

  /** Whether the account's messages are held (suspended); exposed for the drip, which pauses whole. */
  isHeld(accountId: string): Promise<boolean> {
    return this.holds.isHeld(accountId);
  }

  /** The three steps for the messages `load` locks, each at the attempt its job asked for; the outcome of each message handed to a gateway. */
  private async dispatch(load: Loader, attemptOf: (row: OutboundMessage) => number, requeue: Requeue): Promise<Map<string, Outcome | undefined>> {
    return this.submitAndRecord(await this.claimStep(load, attemptOf, requeue));
  }

  /** Step 1 in its unit of work; the messages of held accounts are requeued instead. */
  private claimStep(load: Loader, attemptOf: (row: OutboundMessage) => number, requeue: Requeue): Promise<OutboundMessage[]> {
    return transact(this.unitOfWork, async () => {
      const rows = await load();
      const held = new Set<string>();
      for (const accountId of new Set(rows.map((row) => row.accountId))) if (await this.holds.isHeld(accountId)) held.add(accountId);
      if (held.size > 0) await requeue(new Date(this.clock.now().getTime() + HOLD_RECHECK_MS), rows.filter((row) => held.has(row.accountId)));
      return this.claim(rows.filter((row) => !held.has(row.accountId)), attemptOf);
    });
  }

  /**
   * Steps 2 and 3: each message's answer is recorded as it comes (`answers`), not when the last of
   * them has come, and the process has at most `inFlight` submissions handed to carriers and not yet
   * recorded. A fault recording any of them fails the call once every other is recorded.
   */
  private async submitAndRecord(dispatched: readonly OutboundMessage[]): Promise<Map<string, Outcome | undefined>> {
    const outcomes = new Map<string, Outcome | undefined>();
    const failures: unknown[] = [];
    let next = 0;
    const worker = async () => {
      while (next < dispatched.length) {
        const message = dispatched[next++]!;
        const release = await this.inFlight.acquire();
        try {
          const result = await this.submitOne(message);
          outcomes.set(message.id, await this.answers.submit({ message, result, policy: this.retryPolicy }));
        } catch (error) {
          failures.push(error);
        } finally {
          release();
        }
      }
    };
    await Promise.all(Array.from({ length: Math.min(this.concurrency, dispatched.length) }, worker));
    if (failures.length > 0) throw failures[0];
    return outcomes;
  }

  /** Step 1: the due messages move to `sent`; ones that cannot go are failed and refunded. */
  private async claim(rows: readonly OutboundMessage[], attemptOf: (row: OutboundMessage) => number): Promise<OutboundMessage[]> {
    const now = this.clock.now();
    const routes = new Map<string, boolean>();
    const changed: OutboundMessage[] = [];
    const dispatched: OutboundMessage[] = [];
    for (const row of rows) {
      if (row.delivery.retryCount !== attemptOf(row) || (row.delivery.status !== 'queued' && row.delivery.status !== 'sent')) continue;
      let message = row;
      if (message.delivery.status === 'sent' && message.delivery.partOutcomes.length > 0) {
        // Receipts matched by our id came before the dead attempt recorded the acceptance: the
        // carrier has it. Accept it with the ids the receipts name rather than send it twice.
        const ids = message.delivery.partOutcomes.map((part) => part.carrierMessageId);
        changed.push(legalTransition(message.id, message.accept(ids, now)).message);
        continue;
      }
      if (message.delivery.status === 'sent') {
        const decision = legalTransition(message.id, message.afterRefusal({ errorCode: 'network_timeout', retryable: true }, now, this.retryPolicy));
        message = decision.message;
        if (!decision.retry) {
          changed.push(await this.failed(message));
          continue;
        }
      }
      const quiet = message.category === 'promotional' ? await this.quietHoursGate.verdict(message, now) : undefined;
      if (quiet && quiet.kind !== 'open') {
        // In its recipient's quiet hours (a drip reaching the night, a late job, hours changed since):
        // it stays queued and its attempt waits for them to end (or an hour, for hours that never open now).
        const startAfter = quiet.kind === 'deferred' ? quiet.at : new Date(now.getTime() + QUIET_HOURS_RECHECK_MS);
        await this.jobs.enqueue(SUBMIT_MESSAGE_JOB, { messageId: message.id, attempt: message.delivery.retryCount }, { startAfter, group: message.accountId });
        if (message !== row) changed.push(message);
        continue;
      }
      if (!(await this.routeIsActive(message.routeCode, routes))) {
        changed.push(await this.failed(legalTransition(message.id, message.fail('no_route', now))));
        continue;
      }
      message = this.dispatched(message, now);
      changed.push(message);
      dispatched.push(message);
    }
    await this.save(rows, changed, now);
    return dispatched;
  }

  /** Step 2 for one message: its gateway's call, after its route's throttle. */
  private async submitOne(message: OutboundMessage, ownText?: string): Promise<SubmitResult> {
    try {
      await this.throttle.acquire(message.routeCode);
    } catch (error) {
      // The shared bucket could not be read (the database): this message never reached the
      // carrier, so it is refused retryably on its own, and the others, perhaps sent already, are
      // still recorded rather than left `sent` for a retry to send again.
      return err(submitRejected('carrier_unavailable', true, `the route's throughput could not be taken: ${(error as Error).message}`));
    }
    const gateway = this.gateways.gatewayFor(message.environment, message.routeCode);
    const text = ownText ?? message.text;
    const { encoding, parts } = segmentMessage(text, { maxSegments: 255 });
    return gateway.submit({ messageId: message.id, from: message.senderId, to: message.phone, text, encoding, parts, routeCode: message.routeCode });
  }

  /**
   * Step 3 on the rows as they are now (a receipt may have come first): each answered message's
   * outcome (none where a refusal found it no longer `sent`).
   */
  private async record(answers: readonly Answer[]): Promise<Map<string, Outcome | undefined>> {
    const now = this.clock.now();
    const byId = new Map(answers.map((answer) => [answer.message.id, answer]));
    const rows = await this.messages.lockByIds([...byId.keys()]);
    const changed: OutboundMessage[] = [];
    const outcomes = new Map<string, Outcome | undefined>([...byId.keys()].map((id) => [id, undefined]));
    for (const row of rows) {
      const { result: answer, policy: retryPolicy } = byId.get(row.id)!;
      if (answer.isOk()) {
        const applied = row.accept(answer.value.carrierMessageIds, now);
        if (applied.isOk() && applied.value.changed) changed.push(applied.value.message);
        outcomes.set(row.id, 'accepted');
        continue;
      }
      if (row.delivery.status !== 'sent') continue;
      const decision = legalTransition(row.id, row.afterRefusal(answer.error, now, retryPolicy));
      const { message } = decision;
      if (decision.retry) {
        const startAfter = new Date(now.getTime() + decision.delayMs);
        await this.jobs.enqueue(SUBMIT_MESSAGE_JOB, { messageId: message.id, attempt: message.delivery.retryCount }, { startAfter, group: message.accountId });
        changed.push(message);
        outcomes.set(row.id, 'retried');
      } else {
        changed.push(await this.failed(message));
        outcomes.set(row.id, 'failed');
      }
    }
    await this.save(rows, changed, now);
    return outcomes;
  }

  /** Writes the changed messages and publishes the reports of their new statuses. */
  private async save(rows: readonly OutboundMessage[], changed: readonly OutboundMessage[], now: Date): Promise<void> {
    await this.messages.saveDelivery(changed);
    const before = new Map(rows.map((row) => [row.id, row.delivery.status]));
    await this.events.publish(deliveryReports(changed.map((after) => ({ before: before.get(after.id) ?? null, after })), now));
  }

  private async failed(message: OutboundMessage): Promise<OutboundMessage> {
    if (message.isRefundable()) await refundMessage(this.ledger, message);
    return message;
  }

  private async routeIsActive(code: string, known: Map<string, boolean>): Promise<boolean> {
    if (!known.has(code)) known.set(code, (await this.catalogue.findRoute(code))?.isActive === true);
    return known.get(code)!;
  }

  /** Step 1 for one message: `sent` at `at`, through the gateway of its environment and route. */
  private dispatched(message: OutboundMessage, at: Date): OutboundMessage {
    const gateway = this.gateways.gatewayFor(message.environment, message.routeCode);
    return legalTransition(message.id, message.dispatch(gateway.name, at));
  }
}
