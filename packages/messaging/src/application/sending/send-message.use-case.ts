import { priceMessage, type FxRateMissingError, type FxRates, type InsufficientBalanceError, type LedgerEntry, type WalletError, type WalletLedger } from '@tuma/billing';
import type { IdempotencyKeyInProgressError, IdempotentEffects, IdempotentRequest } from '@tuma/idempotency';
import { err, errAsync, fieldError, GroupCommit, isStorableText, ok, ResultAsync, type Clock, type CurrencyCode, type GroupCommitOptions, type JobScheduler, type Money, type Result, type UnitOfWork, type ValidationError, UNSTORABLE_TEXT_MESSAGE } from '@tuma/kernel';
import type { Catalogue } from '../catalogue/catalogue.port.ts';
import { deliveryReports } from '../../domain/events/delivery-report.ts';
import type { EventPublisher } from '../../domain/events/webhook-event.ts';
import type { Route } from '../../domain/catalogue/route.model.ts';
import type { DuplicateKey, MessageRepository } from '../messages/message.repository.port.ts';
import { OutboundMessage, type MessageCategory, type MessageEnvironment } from '../../domain/messages/outbound-message.ts';
import { dueTime, type ScheduleMode } from '../../domain/messages/schedule.ts';
import { duplicateMessage, messageTooLong, quietHours, unroutable, type SendError } from '../../domain/messages/send-errors.ts';
import { PhoneNumber } from '../../domain/numbers/phone-number.value-object.ts';
import { readPhoneField, type InvalidPhoneField } from '../../domain/numbers/read-phone-field.ts';
import type { OptOutList } from '../opt-outs/opt-out-list.port.ts';
import { DEFAULT_MAX_SEGMENTS, segmentMessage, type SegmentedMessage } from '../../domain/segmenting/segmenter.ts';
import { smartEncode, type SmartEncoded } from '../../domain/segmenting/smart-encoding.ts';
import type { QuietHoursGate } from '../quiet-hours/quiet-hours-gate.ts';
import type { SmsSettingsRepository } from '../settings/sms-settings.port.ts';
import type { SenderIdApprovals } from '../sender-ids/sender-id-approvals.port.ts';
import { refusalsAtGates, type Admission, type SendRateLimitedError } from './admission-gates.ts';
import { writeCompanions, type AlongsideWrite } from './alongside-writes.ts';
import { legalTransition } from './legal-transition.ts';
import { RouteRateCache } from './route-rate-cache.ts';
import { SUBMIT_MESSAGE_JOB, SUBMIT_MESSAGES_JOB, SUBMIT_MESSAGES_MAX, UNSENT_GUARD_DELAY_MS, UNSENT_MESSAGE_GUARD_JOB } from './sending-jobs.ts';

/** Whether a promotional send waits for the end of its recipient's quiet hours, and until when. */
type QuietHoursTiming = { readonly deferred: false } | { readonly deferred: true; readonly at: Date };

/** Identical text to the same number within this window is refused (spec: Limits). */
export const DUPLICATE_WINDOW_MS = 5 * 60_000;

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

/** A send validated, routed and priced: what is left is the unit of work. */
export interface PricedSend {
  readonly message: OutboundMessage;
  readonly price: SentMessage['price'];
  readonly submission: Submission;
  readonly suppressDuplicates: boolean;
  readonly idempotency: SendMessageInput['idempotency'];
  readonly alongside: SendMessageInput['alongside'];
  readonly admission: SendMessageInput['admission'];
  /** Its promotional text arrived in its recipient's quiet hours: it waits for them to end. */
  readonly deferredByQuietHours: boolean;
}

const duplicateKeyOf = (message: OutboundMessage): DuplicateKey => ({ accountId: message.accountId, environment: message.environment, phone: message.phone, text: message.text });
const duplicateKeyText = (message: OutboundMessage): string => JSON.stringify([message.accountId, message.environment, message.phone, message.text]);
const optedOutKey = (message: OutboundMessage): string => `${message.accountId} ${message.phone}`;

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

/** Messages due now, as SUBMIT_MESSAGES_JOB payloads: per account, at most SUBMIT_MESSAGES_MAX a job. */
function submissionsByAccount(messages: readonly OutboundMessage[]): { payload: { messageIds: string[] }; options: { group: string } }[] {
  const byAccount = new Map<string, string[]>();
  for (const message of messages) byAccount.set(message.accountId, [...(byAccount.get(message.accountId) ?? []), message.id]);
  return [...byAccount].flatMap(([accountId, ids]) =>
    Array.from({ length: Math.ceil(ids.length / SUBMIT_MESSAGES_MAX) }, (_, chunk) => ({
      payload: { messageIds: ids.slice(chunk * SUBMIT_MESSAGES_MAX, (chunk + 1) * SUBMIT_MESSAGES_MAX) },
      options: { group: accountId },
    })),
  );
}

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
 */
export class SendMessage {
  constructor(
    private readonly catalogue: Catalogue,
    private readonly fxRates: FxRates,
    private readonly optOuts: OptOutList,
    private readonly approvals: SenderIdApprovals,
    private readonly messages: MessageRepository,
    private readonly ledger: WalletLedger,
    private readonly jobs: JobScheduler,
    private readonly events: EventPublisher,
    private readonly idempotentEffects: IdempotentEffects,
    private readonly unitOfWork: UnitOfWork,
    private readonly clock: Clock,
    private readonly settings: SmsSettingsRepository,
    private readonly quietHoursGate: QuietHoursGate,
    options: SendMessageOptions = {},
  ) {
    this.maxSegments = options.maxSegments ?? DEFAULT_MAX_SEGMENTS;
    this.commits = new GroupCommit((sends) => this.commit(sends), { maxBatch: SEND_BATCH_MAX, ...options.groupCommit });
    this.gatedCommits = new GroupCommit((sends) => this.commit(sends), { maxBatch: SEND_BATCH_MAX, ...options.groupCommit, concurrency: 1 });
  }

  private readonly maxSegments: number;
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
    const now = this.clock.now();
    const phone = input.to instanceof PhoneNumber ? ok(input.to) : readPhoneField(input.to, 'to');
    if (phone.isErr()) return errAsync(phone.error);
    const due = dueTime(input.scheduleMode, input.scheduledAt, now);
    if (due.isErr()) return errAsync(due.error);
    if (!isStorableText(input.text)) return errAsync(fieldError('text', UNSTORABLE_TEXT_MESSAGE));
    const { e164, country } = phone.value;
    const category = input.category ?? 'transactional';
    return new ResultAsync(this.sentText(input))
      .andThen(({ encoded, segmented }) => {
        const cache = new RouteRateCache(this.catalogue, this.fxRates, input.sender.walletCurrency);
        const perSegmentOf = (route: Route): Money => input.shortCode?.pricePerSegment ?? route.pricePerSegment;
        // Routed before the quiet hours: an unroutable number is a 400 whatever the hour.
        return new ResultAsync(this.routeFor(input.route, country, cache))
          .andThen((route) => new ResultAsync(this.dueAfterQuietHours(input, category, e164, country, due.value ?? now)).map((timing) => ({ route, timing })))
          .andThen(({ route, timing }) =>
            ResultAsync.fromSafePromise(cache.rateFor(perSegmentOf(route).currency)).andThen((rate) => rate.map((resolved) => ({ route, timing, rate: resolved.rate }))),
          )
          .andThen(({ route, timing, rate }) =>
            ResultAsync.fromSafePromise(input.shortCode ? Promise.resolve(input.shortCode.number) : this.senderIdFor(input, route)).map((senderId): PricedSend => {
              const price = priceMessage({ segments: segmented.segments, pricePerSegment: perSegmentOf(route), rate });
              const message = OutboundMessage.create({
                accountId: input.sender.accountId,
                apiKeyId: input.sender.apiKeyId,
                environment: input.sender.environment,
                batchId: null,
                batchSeq: null,
                phone: e164,
                country,
                routeCode: route.code,
                senderId,
                text: encoded.text,
                originalText: encoded.changed ? encoded.original : null,
                category,
                encoding: segmented.encoding,
                segments: segmented.segments,
                pricePerSegment: price.pricePerSegment,
                routeCost: price.routeCost,
                cost: price.walletCost,
                chargeEntryId: null,
                scheduledAt: timing.deferred ? timing.at : due.value,
                createdAt: now,
              });
              return {
                message,
                price,
                submission: input.submission ?? 'queued',
                suppressDuplicates: input.suppressDuplicates ?? true,
                idempotency: input.idempotency,
                alongside: input.alongside,
                admission: input.admission,
                deferredByQuietHours: timing.deferred,
              };
            }),
          );
      });
  }

  /**
   * What is sent: the text (smart-encoded when the request, or else the account's default, asks for
   * it) segmented within the cap. A plain send pays one settings read from the per-process cache.
   */
  private async sentText(input: SendMessageInput): Promise<Result<{ encoded: SmartEncoded; segmented: SegmentedMessage }, SendError>> {
    const smart = input.smartEncoding ?? (await this.settings.settingsOf(input.sender.accountId)).smartEncoding;
    const encoded = smart ? smartEncode(input.text, this.maxSegments) : { text: input.text, original: input.text, changed: false };
    const segmented = segmentMessage(encoded.text, { maxSegments: this.maxSegments });
    if (segmented.overSegmentCap) return err(messageTooLong('text', segmented.segments, segmented.maxSegments));
    return ok({ encoded, segmented });
  }

  /** A promotional send due in its recipient's quiet hours is deferred to their end, or refused (`reject`, or hours that never open). */
  private async dueAfterQuietHours(
    input: SendMessageInput,
    category: MessageCategory,
    phone: string,
    country: string,
    dueAt: Date,
  ): Promise<Result<QuietHoursTiming, SendError>> {
    if (category !== 'promotional') return ok({ deferred: false });
    const verdict = await this.quietHoursGate.verdict({ accountId: input.sender.accountId, phone, country }, dueAt);
    if (verdict.kind === 'open') return ok({ deferred: false });
    if (verdict.kind === 'never') return err(quietHours([country], null));
    return input.quietHours === 'reject' ? err(quietHours([country], verdict.at)) : ok({ deferred: true, at: verdict.at });
  }

  private async routeFor(code: string | undefined, country: string, cache: RouteRateCache): Promise<Result<Route, SendError>> {
    if (code === undefined) {
      const route = await cache.routeFor(country);
      return route ? ok(route) : err(unroutable('to', [country], `No active route serves ${country}`));
    }
    const route = await this.catalogue.findRoute(code);
    if (!route || !route.isActive) return err(unroutable('route', [country], `No active route ${code}`));
    if (route.countryCode !== country) return err(unroutable('route', [country], `Route ${route.code} does not serve ${country}`));
    return ok(route);
  }

  /** The sender ID asked for when it is approved for the country, else the route's default. */
  private async senderIdFor(input: SendMessageInput, route: Route): Promise<string> {
    const asked = input.senderId;
    if (asked === undefined) return route.senderIdDefault;
    return (await this.approvals.approvedSenderIdFor(input.sender.accountId, asked, route.countryCode)) ? asked : route.senderIdDefault;
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
      ResultAsync.fromSafePromise(this.idempotentEffects.inBatch(sends, (send) => send.idempotency, (held) => this.storeInRounds(held))),
    );
    return outcomes.match(
      (stored) => stored,
      (never) => never,
    );
  }

  private async storeInRounds(sends: readonly PricedSend[]): Promise<Result<SentMessage, SendMessageError>[]> {
    const firsts = new Map<string, number>();
    const round: number[] = [];
    const later: number[] = [];
    sends.forEach(({ message }, index) => {
      const key = duplicateKeyText(message);
      if (firsts.has(key)) later.push(index);
      else {
        firsts.set(key, index);
        round.push(index);
      }
    });
    const outcomes: Result<SentMessage, SendMessageError>[] = new Array(sends.length);
    const stored = await this.store(round.map((index) => sends[index]!));
    round.forEach((index, at) => (outcomes[index] = stored[at]!));
    if (later.length > 0) {
      const rest = await this.storeInRounds(later.map((index) => sends[index]!));
      later.forEach((index, at) => (outcomes[index] = rest[at]!));
    }
    return outcomes;
  }

  /** Sends with distinct duplicate keys, in one unit of work (the caller's): first their callers' gates, then as sends. */
  private async store(sends: readonly PricedSend[]): Promise<Result<SentMessage, SendMessageError>[]> {
    const refusals = await refusalsAtGates(sends.map((send) => send.admission));
    const admitted = sends.filter((_, index) => !refusals[index]);
    const stored = await this.storeAdmitted(admitted);
    let next = 0;
    return refusals.map((refusal) => (refusal ? err(refusal) : stored[next++]!));
  }

  private async storeAdmitted(sends: readonly PricedSend[]): Promise<Result<SentMessage, SendMessageError>[]> {
    if (sends.length === 0) return [];
    const checked = sends.filter((send) => send.suppressDuplicates);
    const found = await this.messages.findRecentDuplicates(
      checked.map(({ message }) => ({ key: duplicateKeyOf(message), since: new Date(message.createdAt.getTime() - DUPLICATE_WINDOW_MS) })),
    );
    const duplicateOf = new Map(checked.map((send, index) => [send.message.id, found[index]]));
    const duplicates = sends.map((send) => duplicateOf.get(send.message.id));
    const optedOut = await this.optedOut(sends.map(({ message }) => message));
    const outcomes: (Result<SentMessage, SendMessageError> | undefined)[] = sends.map(({ message }, index) => {
      const duplicate = duplicates[index];
      return duplicate ? err(duplicateMessage(duplicate.id)) : undefined;
    });
    const live = sends.filter(({ message }, index) => !outcomes[index] && !optedOut.has(optedOutKey(message)) && message.environment === 'live');
    const charges = await this.charge(live);
    const accepted: SentMessage[] = [];
    const rejectedMessages: OutboundMessage[] = [];
    const balances = await this.balancesOf(sends.filter(({ message }, index) => !outcomes[index] && (optedOut.has(optedOutKey(message)) || message.environment === 'test')));
    sends.forEach(({ message, price, deferredByQuietHours, submission }, index) => {
      if (outcomes[index]) return;
      if (optedOut.has(optedOutKey(message))) {
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
    const byCaller = new Set(sends.filter((send) => send.submission !== 'queued').map((send) => send.message.id));
    const byJobs = accepted.map(({ message }) => message).filter((message) => !byCaller.has(message.id));
    await this.jobs.enqueueMany(
      SUBMIT_MESSAGE_JOB,
      byJobs.filter((message) => message.scheduledAt).map((message) => ({ payload: { messageId: message.id, attempt: 0 }, options: { group: message.accountId, startAfter: message.scheduledAt! } })),
    );
    await this.jobs.enqueueMany(SUBMIT_MESSAGES_JOB, submissionsByAccount(byJobs.filter((message) => !message.scheduledAt)));
    const ownSubmissions = accepted.map(({ message }) => message).filter((message) => byCaller.has(message.id));
    if (ownSubmissions.length > 0) {
      const lastCreated = Math.max(...ownSubmissions.map((message) => message.createdAt.getTime()));
      const own = new Set(ownSubmissions.map((message) => message.id));
      const claims = sends.flatMap(({ message, idempotency }) => (idempotency && own.has(message.id) ? [{ messageId: message.id, claim: idempotency.claim }] : []));
      await this.jobs.enqueue(UNSENT_MESSAGE_GUARD_JOB, { messageIds: [...own], claims }, { startAfter: new Date(lastCreated + UNSENT_GUARD_DELAY_MS) });
    }
    if (rejectedMessages.length > 0) {
      await this.events.publish(deliveryReports(rejectedMessages.map((after) => ({ before: null, after })), rejectedMessages[0]!.createdAt));
    }
    return outcomes.map((outcome) => outcome!);
  }

  /** The opted-out (account, number) pairs among these messages: one query per account. */
  private async optedOut(messages: readonly OutboundMessage[]): Promise<ReadonlySet<string>> {
    const phonesByAccount = new Map<string, string[]>();
    for (const message of messages) phonesByAccount.set(message.accountId, [...(phonesByAccount.get(message.accountId) ?? []), message.phone]);
    const found = new Set<string>();
    for (const [accountId, phones] of phonesByAccount) {
      for (const phone of await this.optOuts.optedOutAmong(accountId, phones)) found.add(`${accountId} ${phone}`);
    }
    return found;
  }

  /** The live sends' charges, posted together: each message's outcome by its id. */
  private async charge(live: readonly PricedSend[]): Promise<ReadonlyMap<string, Result<LedgerEntry, WalletError>>> {
    const charged = (
      await this.ledger.chargeMany(
        live.map(({ message }) => ({
          accountId: message.accountId,
          amount: message.cost,
          reason: `SMS to ${message.phone} (${message.segments} segment${message.segments === 1 ? '' : 's'})`,
          reference: `msg:${message.id}`,
          related: { type: 'message' as const, id: message.id },
        })),
      )
    ).match(
      (outcomes) => outcomes,
      (never) => never,
    );
    return new Map(live.map(({ message }, index) => [message.id, charged[index]!]));
  }

  /** The balances answers show where nothing is charged (test keys, opted-out recipients): one read per account. */
  private async balancesOf(sends: readonly PricedSend[]): Promise<ReadonlyMap<string, Money | null>> {
    const balances = new Map<string, Money | null>();
    for (const accountId of new Set(sends.map(({ message }) => message.accountId))) {
      const view = await this.ledger.balance(accountId);
      if (view.isErr()) throw new Error(`Reading the balance of ${accountId} failed: ${view.error.message}`);
      balances.set(accountId, view.value?.balance ?? null);
    }
    return balances;
  }
}

