import { priceMessage, type FxRateMissingError, type FxRates, type InsufficientBalanceError, type WalletError, type WalletLedger } from '@tuma/billing';
import {
  err,
  errAsync,
  fieldError,
  isStorableText,
  Money,
  ok,
  newId,
  okAsync,
  parseCurrencyCode,
  ResultAsync,
  type Clock,
  type JobScheduler,
  type Result,
  type UnitOfWork,
  type ValidationError,
  UNSTORABLE_TEXT_MESSAGE,
} from '@tuma/kernel';
import type { Catalogue } from '../../domain/catalogue/catalogue.port.ts';
import { deliveryReports } from '../../domain/events/delivery-report.ts';
import type { EventPublisher } from '../../domain/events/webhook-event.ts';
import type { Route } from '../../domain/catalogue/route.model.ts';
import { queuedDelivery } from '../../domain/delivery/delivery-state.ts';
import type { DuplicateKey, MessageRepository } from '../../domain/messages/message.repository.port.ts';
import { applyToMessage, type MessageEnvironment, type OutboundMessage } from '../../domain/messages/outbound-message.ts';
import { dueTime, type ScheduleMode } from '../../domain/messages/schedule.ts';
import { duplicateMessage, messageTooLong, unroutable, type SendError } from '../../domain/messages/send-errors.ts';
import { readPhoneField, type InvalidPhoneField } from '../../domain/opt-outs/opt-out-phone.ts';
import type { OptOutList } from '../../domain/opt-outs/opt-out-list.port.ts';
import { DEFAULT_MAX_SEGMENTS, segmentMessage } from '../../domain/segmenting/segmenter.ts';
import type { SenderIdApprovals } from '../sender-id-approvals.port.ts';
import { RouteRateCache } from './route-rate-cache.ts';
import { SUBMIT_MESSAGE_JOB } from './sending-jobs.ts';

/** Identical text to the same number within this window is refused (spec: Limits). */
export const DUPLICATE_WINDOW_MS = 5 * 60_000;

export interface Sender {
  readonly accountId: string;
  readonly apiKeyId: string | null;
  readonly environment: MessageEnvironment;
  readonly walletCurrency: string;
}

export interface SendMessageInput {
  readonly sender: Sender;
  readonly to: string;
  readonly text: string;
  readonly senderId?: string | undefined;
  readonly route?: string | undefined;
  readonly scheduleMode: Exclude<ScheduleMode, 'drip'>;
  readonly scheduledAt?: Date | undefined;
}

/** What the send response shows (spec: Send response). */
export interface SentMessage {
  readonly message: OutboundMessage;
  /** The message's price, whether or not it was charged (test keys, opted-out recipients are not). */
  readonly price: { readonly walletCost: Money; readonly routeCost: Money; readonly pricePerSegment: Money };
  /** The wallet balance after the charge; null when the account has no wallet. */
  readonly balanceAfter: Money | null;
}

/** 402 of a send also says what the message costs. */
export type SendInsufficientBalance = InsufficientBalanceError & { readonly cost: Money };

export type SendMessageError =
  | ValidationError
  | InvalidPhoneField
  | SendError
  | FxRateMissingError
  | WalletError
  | SendInsufficientBalance;

/**
 * `POST /api/messages/send`: one text to one number. Validates and routes the number, segments and
 * prices the text, then in one unit of work: refuses a duplicate (409), stores an opted-out
 * recipient's message as `rejected` without charging, or charges the wallet (live keys), stores the
 * message `queued` and enqueues its submission (at its scheduled time). Test keys get the same
 * answer without a charge; their messages go to the sandbox gateway.
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
    private readonly unitOfWork: UnitOfWork,
    private readonly clock: Clock,
    private readonly maxSegments: number = DEFAULT_MAX_SEGMENTS,
  ) {}

  execute(input: SendMessageInput): ResultAsync<SentMessage, SendMessageError> {
    const now = this.clock.now();
    const phone = readPhoneField(input.to, 'to');
    if (phone.isErr()) return errAsync(phone.error);
    const due = dueTime(input.scheduleMode, input.scheduledAt, now);
    if (due.isErr()) return errAsync(due.error);
    if (!isStorableText(input.text)) return errAsync(fieldError('text', UNSTORABLE_TEXT_MESSAGE));
    const segmented = segmentMessage(input.text, { maxSegments: this.maxSegments });
    if (segmented.overSegmentCap) return errAsync(messageTooLong('text', segmented.segments, segmented.maxSegments));
    const walletCurrency = parseCurrencyCode(input.sender.walletCurrency);
    if (!walletCurrency) throw new Error(`Account wallet currency is not ISO 4217: ${input.sender.walletCurrency}`);
    const { e164, country } = phone.value;
    const cache = new RouteRateCache(this.catalogue, this.fxRates, walletCurrency);

    return new ResultAsync(this.routeFor(input.route, country, cache))
      .andThen((route) => ResultAsync.fromSafePromise(cache.rateFor(route.currency)).andThen((rate) => rate.map((resolved) => ({ route, rate: resolved.rate }))))
      .andThen(({ route, rate }) =>
        ResultAsync.fromSafePromise(this.senderIdFor(input, route)).map((senderId) => {
          const price = priceMessage({ segments: segmented.segments, pricePerSegment: route.pricePerSegment, rate });
          const message: OutboundMessage = {
            id: newId('msg', now),
            accountId: input.sender.accountId,
            apiKeyId: input.sender.apiKeyId,
            environment: input.sender.environment,
            batchId: null,
            batchSeq: null,
            phone: e164,
            country,
            routeCode: route.code,
            senderId,
            text: input.text,
            encoding: segmented.encoding,
            segments: segmented.segments,
            pricePerSegment: price.pricePerSegment,
            routeCost: price.routeCost,
            cost: price.walletCost,
            chargeEntryId: null,
            scheduledAt: due.value,
            createdAt: now,
            carrier: null,
            delivery: queuedDelivery(),
          };
          return { message, price };
        }),
      )
      .andThen(({ message, price }) => this.unitOfWork.run(() => this.store(message, price)));
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

  private store(message: OutboundMessage, price: SentMessage['price']): ResultAsync<SentMessage, SendMessageError> {
    const key: DuplicateKey = { accountId: message.accountId, environment: message.environment, phone: message.phone, text: message.text };
    const since = new Date(message.createdAt.getTime() - DUPLICATE_WINDOW_MS);
    return ResultAsync.fromSafePromise(this.messages.findRecentDuplicate(key, since))
      .andThen((duplicate) => (duplicate ? errAsync(duplicateMessage(duplicate.id)) : okAsync(undefined)))
      .andThen(() => ResultAsync.fromSafePromise(this.optOuts.isOptedOut(message.accountId, message.phone)))
      .andThen((optedOut): ResultAsync<SentMessage, SendMessageError> => {
        if (optedOut) return this.reject(message, price);
        if (message.environment === 'test') return this.accept(message, price, this.currentBalance(message.accountId));
        return this.ledger
          .charge({
            accountId: message.accountId,
            amount: message.cost,
            reason: `SMS to ${message.phone} (${message.segments} segment${message.segments === 1 ? '' : 's'})`,
            reference: `msg:${message.id}`,
            related: { type: 'message', id: message.id },
          })
          .mapErr((error): SendMessageError => (error.type === 'insufficient_balance' ? { ...error, cost: message.cost } : error))
          .andThen((entry) => this.accept({ ...message, chargeEntryId: entry.id }, price, okAsync(entry.balanceAfter)));
      });
  }

  private accept(message: OutboundMessage, price: SentMessage['price'], balance: ResultAsync<Money | null, WalletError>) {
    return balance.andThen((balanceAfter) =>
      ResultAsync.fromSafePromise(
        (async () => {
          await this.messages.add([message]);
          await this.jobs.enqueue(
            SUBMIT_MESSAGE_JOB,
            { messageId: message.id, attempt: 0 },
            { group: message.accountId, ...(message.scheduledAt ? { startAfter: message.scheduledAt } : {}) },
          );
          return { message, price, balanceAfter };
        })(),
      ),
    );
  }

  /** Opted out: kept as `rejected` (so it is visible), nothing charged, nothing sent. */
  private reject(message: OutboundMessage, price: SentMessage['price']): ResultAsync<SentMessage, SendMessageError> {
    const applied = applyToMessage({ ...message, cost: Money.zero(message.cost.currency) }, { type: 'rejected', errorCode: 'opted_out', at: message.createdAt });
    if (applied.isErr()) throw new Error(applied.error.message);
    const rejected = applied.value.message;
    return this.currentBalance(message.accountId).andThen((balanceAfter) =>
      ResultAsync.fromSafePromise(
        (async () => {
          await this.messages.add([rejected]);
          await this.events.publish(deliveryReports([{ before: null, after: rejected }], rejected.createdAt));
          return { message: rejected, price, balanceAfter };
        })(),
      ),
    );
  }

  private currentBalance(accountId: string): ResultAsync<Money | null, WalletError> {
    return this.ledger.balance(accountId).map((view) => view?.balance ?? null);
  }
}
