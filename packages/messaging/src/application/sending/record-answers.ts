import { GroupCommit, transact, type BatchContext, type Clock, type JobScheduler, type UnitOfWork } from '@tuma/kernel';
import type { RetryPolicy } from '../../domain/delivery/retry-policy.ts';
import { deliveryReports } from '../../domain/events/delivery-report.ts';
import type { EventPublisher } from '../../domain/events/webhook-event.ts';
import type { MessageRepository } from '../messages/message.repository.port.ts';
import type { OutboundMessage } from '../../domain/messages/outbound-message.ts';
import type { SubmitResult } from '../delivery/carrier-gateway.port.ts';
import type { DeliveryChanges } from './delivery-changes.ts';
import type { DispatchOutcome } from './dispatch-report.ts';
import { legalTransition } from './legal-transition.ts';
import { SUBMIT_MESSAGE_JOB } from './sending-jobs.ts';

/** A carrier's answer to a message as its dispatcher holds it, to be recorded under `policy`. */
export interface Answer {
  readonly message: OutboundMessage;
  readonly result: SubmitResult;
  readonly policy: RetryPolicy;
}

/** Carriers' answers recorded in one commit, at most. */
const ANSWERS_BATCH_MAX = 128;

/** How a record is tried again while its fault passes: 1 s apart at most, for up to 10 minutes. */
const OUTAGE_RETRY_MS = { first: 100, most: 1_000, giveUpAfter: 10 * 60_000 } as const;

/**
 * Dispatch step 3: each carrier's answer recorded as it comes, those that come at the same time in
 * one unit of work, one record at a time (what arrives meanwhile joins the next): `carrier_accepted`,
 * or the retry policy's decision — a retry job at its delay, or `failed` with a refund.
 */
export class RecordAnswers {
  private readonly answers: GroupCommit<Answer, DispatchOutcome | undefined>;

  constructor(
    private readonly messages: MessageRepository,
    private readonly jobs: JobScheduler,
    private readonly events: EventPublisher,
    private readonly changes: DeliveryChanges,
    private readonly unitOfWork: UnitOfWork,
    private readonly clock: Clock,
    /** Whether a fault passes by itself (DispatchOptions.isTransient). */
    private readonly isTransient: (error: unknown) => boolean,
    /** Each try runs in a database context of its own (a try the database broke leaves nothing to the next). */
    private readonly batchContext: BatchContext,
  ) {
    this.answers = new GroupCommit((answers) => this.recordUntilWritten(answers), { maxBatch: ANSWERS_BATCH_MAX });
  }

  /** The outcome once the answer is committed (none where a refusal found the message no longer `sent`). */
  record(answer: Answer): Promise<DispatchOutcome | undefined> {
    return this.answers.submit(answer);
  }

  /**
   * Answers that came together, in one unit of work, tried again while its fault passes
   * (`isTransient`): an answer is held in memory, its in-flight slot with it, until it is written.
   */
  private async recordUntilWritten(answers: readonly Answer[]): Promise<(DispatchOutcome | undefined)[]> {
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
   * Each answer applied to the message as its dispatcher holds it. An accepted one whose row is
   * still so (no receipt came first: the usual case) is written from that copy, without reading its
   * row back under a lock (one statement for all of them); the others (refusals, rows a receipt
   * changed meanwhile) are recorded on their rows as they are now.
   */
  private async recordAnswers(answers: readonly Answer[]): Promise<Map<string, DispatchOutcome | undefined>> {
    const now = this.clock.now();
    // In id order, as every locker of messages takes them (a receipt batch at the same moment).
    const accepted = [...answers].sort((a, b) => (a.message.id < b.message.id ? -1 : 1)).flatMap(({ message: before, result }) =>
      result.isOk() ? [{ before, after: legalTransition(before.id, before.accept(result.value.carrierMessageIds, now)).message }] : [],
    );
    const written = await this.messages.saveDeliveryIfUnchanged(accepted);
    const changes = accepted.filter(({ before }) => written.has(before.id));
    await this.events.publish(deliveryReports(changes.map(({ before, after }) => ({ before: before.delivery.status, after })), now));
    const rest = answers.filter(({ message }) => !written.has(message.id));
    const outcomes = rest.length > 0 ? await this.recordOnRows(rest) : new Map<string, DispatchOutcome | undefined>();
    for (const { before } of changes) outcomes.set(before.id, 'accepted');
    return outcomes;
  }

  /**
   * On the rows as they are now (a receipt may have come first): each answered message's outcome
   * (none where a refusal found it no longer `sent`).
   */
  private async recordOnRows(answers: readonly Answer[]): Promise<Map<string, DispatchOutcome | undefined>> {
    const now = this.clock.now();
    const byId = new Map(answers.map((answer) => [answer.message.id, answer]));
    const rows = await this.messages.lockByIds([...byId.keys()]);
    const changed: OutboundMessage[] = [];
    const outcomes = new Map<string, DispatchOutcome | undefined>([...byId.keys()].map((id) => [id, undefined]));
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
        changed.push(await this.changes.failed(message));
        outcomes.set(row.id, 'failed');
      }
    }
    await this.changes.save(rows, changed, now);
    return outcomes;
  }
}
