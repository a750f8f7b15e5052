import type { FxRateMissingError, FxRates, InsufficientBalanceError, WalletError, WalletLedger } from '@tuma/billing';
import type { IdempotencyKeyInProgressError, IdempotentEffects, IdempotentRequest } from '@tuma/idempotency';
import { err, GroupCommit, ok, ResultAsync, type Clock, type CurrencyCode, type GroupCommitOptions, type JobScheduler, type Money, type Result, type UnitOfWork, type ValidationError } from '@tuma/kernel';
import type { Catalogue } from '../catalogue/catalogue.port.ts';
import { deliveryReports } from '../../domain/events/delivery-report.ts';
import type { EventPublisher } from '../../domain/events/webhook-event.ts';
import type { MessageRepository } from '../messages/message.repository.port.ts';
import type { MessageCategory, MessageEnvironment, OutboundMessage } from '../../domain/messages/outbound-message.ts';
import type { ScheduleMode } from '../../domain/messages/schedule.ts';
import { duplicateMessage, type SendError } from '../../domain/messages/send-errors.ts';
import type { PhoneNumber } from '../../domain/numbers/phone-number.value-object.ts';
import type { InvalidPhoneField } from '../../domain/numbers/read-phone-field.ts';
import type { OptOutList } from '../opt-outs/opt-out-list.port.ts';
import { DEFAULT_MAX_SEGMENTS } from '../../domain/segmenting/segmenter.ts';
import type { QuietHoursGate } from '../quiet-hours/quiet-hours-gate.ts';
import type { SmsSettingsRepository } from '../settings/sms-settings.port.ts';
import type { SenderIdApprovals } from '../sender-ids/sender-id-approvals.port.ts';
import { refusalsAtGates, type Admission, type SendRateLimitedError } from './admission-gates.ts';
import { writeCompanions, type AlongsideWrite } from './alongside-writes.ts';
import { ChargeSends } from './charge-sends.ts';
import { EnqueueSubmissions } from './enqueue-submissions.ts';
import { legalTransition } from './legal-transition.ts';
import { PrepareSend, type PricedSend } from './prepare-send.ts';
import { inRoundsByKey } from './rounds-by-key.ts';
import { ScreenSends } from './screen-sends.ts';

/** A send's duplicate key, as text: sends of one batch with the same one are written in turn. */
const duplicateKeyText = ({ message }: PricedSend): string => JSON.stringify([message.accountId, message.environment, message.phone, message.text]);

/** Most sends written in one transaction. */
const SEND_BATCH_MAX = 256;

/**
 * Batches of sends to write at once where each has a database context of its own: while one holds
 * its wallets' rows until it commits, the next does its duplicate and opt-out reads
 * (docs/performance.md: about 10% more sends a second than one at a time).
 */
export const SEND_BATCHES_AT_ONCE = 2;

export interface SendMessageOptions {
  readonly maxSegments?: number;
  /** How concurrent sends are gathered into one transaction (e.g. `around`: a fresh database context per batch). */
  readonly groupCommit?: Omit<GroupCommitOptions, 'maxBatch'> & { readonly maxBatch?: number };
}

/**
 * A message its caller submits itself right after the answer (`DispatchMessages.submitOwn`, with
 * the text only it holds): stored already dispatched (`dispatched` names its gateway), so nothing
 * else claims it; no submission job, only a guard that fails and refunds it if the caller never
 * recorded a submission.
 */
export interface CallerSubmission {
  readonly dispatched: (message: OutboundMessage) => OutboundMessage;
}

/** Who submits an accepted message: a job (`queued`) or the caller. */
export type Submission = 'queued' | CallerSubmission;

/** The message as it is stored once accepted: dispatched already when its caller submits it. */
const storedAs = (submission: Submission, message: OutboundMessage): OutboundMessage => (submission === 'queued' ? message : submission.dispatched(message));

export interface Sender {
  readonly accountId: string;
  readonly apiKeyId: string | null;
  readonly environment: MessageEnvironment;
  readonly walletCurrency: CurrencyCode;
}

export interface SendMessageInput {
  readonly sender: Sender;
  /** As given (read here), or a number its caller has read already (Verify's). */
  readonly to: string | PhoneNumber;
  readonly text: string;
  readonly senderId?: string | undefined;
  readonly route?: string | undefined;
  readonly scheduleMode: Exclude<ScheduleMode, 'drip'>;
  readonly scheduledAt?: Date | undefined;
  /** Default `queued`: a submission job. */
  readonly submission?: Submission;
  /**
   * Whether an identical text to the same number in the last 5 minutes is refused (409), as the
   * spec's limit says of sends; default true. An OTP's stored text is the same for every code
   * (masked), so its resends are not duplicates.
   */
  readonly suppressDuplicates?: boolean;
  /** The request's Idempotency-Key claim: its answer is kept in the unit of work that writes the send. */
  readonly idempotency?: IdempotentRequest<Result<SentMessage, SendMessageError>> | undefined;
  /** A row of the caller's written in the send's unit of work if the send is accepted (Verify's verification). */
  readonly alongside?: AlongsideWrite<SentMessage> | undefined;
  /** The caller's limit this send must pass in its unit of work, before it is charged (Verify's velocity guard). */
  readonly admission?: Admission | undefined;
  /**
   * A short code the caller vouches for, with its own price per segment (a two-way service's code
   * and outbound rate, docs/two-way.md): the message goes from it, priced at that rate converted
   * into the wallet currency, instead of the route's default sender and price. The route carries it.
   */
  readonly shortCode?: { readonly number: string; readonly pricePerSegment: Money };
  /** Replace GSM-7 look-alikes before segmenting (docs/messages.md, "Smart encoding"); undefined: the account's default. */
  readonly smartEncoding?: boolean | undefined;
  /** `promotional` waits for the recipient's promotional hours; default `transactional`. */
  readonly category?: MessageCategory | undefined;
  /** A promotional send in quiet hours: `defer` (default) to their end, or `reject` it (422 `quiet_hours`). */
  readonly quietHours?: 'defer' | 'reject' | undefined;
}

/** What the send response shows (spec: Send response). */
export interface SentMessage {
  readonly message: OutboundMessage;
  /** The message's price, whether or not it was charged (test keys, opted-out recipients are not). */
  readonly price: { readonly walletCost: Money; readonly routeCost: Money; readonly pricePerSegment: Money };
  /** The wallet balance after the charge; null when the account has no wallet. */
  readonly balanceAfter: Money | null;
  /** Promotional text that arrived in quiet hours: its `scheduledAt` is when they end. */
  readonly deferredByQuietHours: boolean;
}

/** 402 of a send also says what the message costs. */
export type SendInsufficientBalance = InsufficientBalanceError & { readonly cost: Money };

export type SendMessageError =
  | ValidationError
  | InvalidPhoneField
  | SendError
  | FxRateMissingError
  | WalletError
  | SendInsufficientBalance
  | SendRateLimitedError
  | IdempotencyKeyInProgressError;

/**
 * `POST /api/messages/send`: one text to one number. Validates and routes the number, segments and
 * prices the text (no lock, no write), then, in one unit of work shared with the sends that arrived
 * at the same time (group commit): refuses a duplicate (409), stores an opted-out recipient's
 * message as `rejected` without charging, or charges the wallet (live keys), stores the message
 * `queued` and enqueues its submission (at its scheduled time). Each send gets its own answer; a
 * fault of the database fails the whole batch, with nothing written. Test keys get the same answer
 * without a charge; their messages go to the sandbox gateway. A send with an Idempotency-Key keeps
 * its answer in the same unit of work (`IdempotentEffects`): committed with its charge, or not at all.
 *
 * The steps, each in a file of its own beside this one: `PrepareSend` (validate, route, price,
 * create the message); then per unit of work `inRoundsByKey` (repeats of a batch in turn), the
 * callers' gates (`refusalsAtGates`), `ScreenSends` (duplicates, opt-outs), `ChargeSends`, the
 * messages and their companion rows stored, `EnqueueSubmissions`, and the rejected ones reported.
 */
export class SendMessage {
  constructor(
    catalogue: Catalogue,
    fxRates: FxRates,
    optOuts: OptOutList,
    approvals: SenderIdApprovals,
    private readonly messages: MessageRepository,
    ledger: WalletLedger,
    jobs: JobScheduler,
    private readonly events: EventPublisher,
    private readonly idempotentEffects: IdempotentEffects,
    private readonly unitOfWork: UnitOfWork,
    clock: Clock,
    settings: SmsSettingsRepository,
    quietHoursGate: QuietHoursGate,
    options: SendMessageOptions = {},
  ) {
    this.preparation = new PrepareSend(catalogue, fxRates, approvals, settings, quietHoursGate, clock, options.maxSegments ?? DEFAULT_MAX_SEGMENTS);
    this.screening = new ScreenSends(messages, optOuts);
    this.charges = new ChargeSends(ledger);
    this.submissions = new EnqueueSubmissions(jobs);
    this.commits = new GroupCommit((sends) => this.commit(sends), { maxBatch: SEND_BATCH_MAX, ...options.groupCommit });
    this.gatedCommits = new GroupCommit((sends) => this.commit(sends), { maxBatch: SEND_BATCH_MAX, ...options.groupCommit, concurrency: 1 });
  }

  private readonly preparation: PrepareSend;
  private readonly screening: ScreenSends;
  private readonly charges: ChargeSends;
  private readonly submissions: EnqueueSubmissions;
  /** Sends accepted at the same time are written together (docs/architecture.md, "Group commit of sends"). */
  private readonly commits: GroupCommit<PricedSend, Result<SentMessage, SendMessageError>>;
  /**
   * Sends with a caller's gate (Verify's codes), one batch at a time: the gate is its batch's first
   * statement, on rows the batches share (an account's per-country counter), so a second batch at
   * once would wait on the first's lock from its start, holding a connection and the sends that
   * would otherwise join the next batch (docs/performance.md, "Verify").
   */
  private readonly gatedCommits: GroupCommit<PricedSend, Result<SentMessage, SendMessageError>>;

  execute(input: SendMessageInput): ResultAsync<SentMessage, SendMessageError> {
    return this.prepare(input).andThen((priced) => new ResultAsync((priced.admission ? this.gatedCommits : this.commits).submit(priced)));
  }

  /** The send validated, routed and priced, with nothing written: what `execute` commits (and a test key's OTP only prices). */
  prepare(input: SendMessageInput): ResultAsync<PricedSend, SendMessageError> {
    return this.preparation.execute(input);
  }

  /**
   * One unit of work for sends that arrived together, each with its own outcome: duplicates looked
   * up in one query, opt-outs in one per account, live charges posted together, messages inserted
   * and their submissions enqueued in one statement each. A later send with the key of an earlier
   * one in the same batch is handled after it, in the same transaction, so it sees it (409). The
   * Idempotency-Key claims of the batch are held first and their answers kept last, in one
   * statement each; a send whose claim a retry took over is refused, unwritten.
   */
  private async commit(sends: readonly PricedSend[]): Promise<readonly Result<SentMessage, SendMessageError>[]> {
    const outcomes = await this.unitOfWork.run(() =>
      ResultAsync.fromSafePromise(this.idempotentEffects.inBatch(sends, (send) => send.idempotency, (held) => inRoundsByKey(held, duplicateKeyText, (round) => this.store(round)))),
    );
    return outcomes.match(
      (stored) => stored,
      (never) => never,
    );
  }

  /** Sends with distinct duplicate keys, in one unit of work (the caller's): first their callers' gates, then as sends. */
  private async store(sends: readonly PricedSend[]): Promise<Result<SentMessage, SendMessageError>[]> {
    const refusals = await refusalsAtGates(sends.map((send) => send.admission));
    const admitted = sends.filter((_, index) => !refusals[index]);
    const stored = await this.storeAdmitted(admitted);
    let next = 0;
    return refusals.map((refusal) => (refusal ? err(refusal) : stored[next++]!));
  }

  /** The steps of the unit of work: screen, charge, store (with the callers' companion rows), enqueue, report the rejected. */
  private async storeAdmitted(sends: readonly PricedSend[]): Promise<Result<SentMessage, SendMessageError>[]> {
    if (sends.length === 0) return [];
    const { duplicates, optedOut } = await this.screening.screen(sends);
    const outcomes: (Result<SentMessage, SendMessageError> | undefined)[] = sends.map((_, index) => {
      const duplicate = duplicates[index];
      return duplicate ? err(duplicateMessage(duplicate.id)) : undefined;
    });
    const live = sends.filter(({ message }, index) => !outcomes[index] && !optedOut(message) && message.environment === 'live');
    const charges = await this.charges.charge(live);
    const accepted: SentMessage[] = [];
    const rejectedMessages: OutboundMessage[] = [];
    const balances = await this.charges.balancesOf(sends.filter(({ message }, index) => !outcomes[index] && (optedOut(message) || message.environment === 'test')));
    sends.forEach(({ message, price, deferredByQuietHours, submission }, index) => {
      if (outcomes[index]) return;
      if (optedOut(message)) {
        const refused = legalTransition(message.id, message.optOut());
        rejectedMessages.push(refused);
        outcomes[index] = ok({ message: refused, price, balanceAfter: balances.get(message.accountId) ?? null, deferredByQuietHours: false });
        return;
      }
      if (message.environment === 'test') {
        const sent = { message: storedAs(submission, message), price, balanceAfter: balances.get(message.accountId) ?? null, deferredByQuietHours };
        accepted.push(sent);
        outcomes[index] = ok(sent);
        return;
      }
      const charged = charges.get(message.id)!;
      if (charged.isErr()) {
        const error = charged.error;
        outcomes[index] = err(error.type === 'insufficient_balance' ? { ...error, cost: message.cost } : error);
        return;
      }
      const sent = { message: storedAs(submission, message.charged(charged.value.id)), price, balanceAfter: charged.value.balanceAfter, deferredByQuietHours };
      accepted.push(sent);
      outcomes[index] = ok(sent);
    });
    await this.messages.add([...accepted.map((sent) => sent.message), ...rejectedMessages]);
    const acceptedSet = new Set<SentMessage>(accepted);
    await writeCompanions(
      sends.flatMap(({ alongside }, index) => {
        const outcome = outcomes[index]!;
        return alongside && outcome.isOk() && acceptedSet.has(outcome.value) ? [{ alongside, sent: outcome.value }] : [];
      }),
    );
    await this.submissions.enqueue(sends, accepted);
    if (rejectedMessages.length > 0) {
      await this.events.publish(deliveryReports(rejectedMessages.map((after) => ({ before: null, after })), rejectedMessages[0]!.createdAt));
    }
    return outcomes.map((outcome) => outcome!);
  }
}
