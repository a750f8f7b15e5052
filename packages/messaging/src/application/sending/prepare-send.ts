import { priceMessage, type FxRates } from '@tuma/billing';
import { err, errAsync, fieldError, isStorableText, ok, ResultAsync, type Clock, type Money, type Result, UNSTORABLE_TEXT_MESSAGE } from '@tuma/kernel';
import type { Catalogue } from '../catalogue/catalogue.port.ts';
import type { Route } from '../../domain/catalogue/route.model.ts';
import { OutboundMessage, type MessageCategory } from '../../domain/messages/outbound-message.ts';
import { dueTime } from '../../domain/messages/schedule.ts';
import { messageTooLong, quietHours, unroutable, type SendError } from '../../domain/messages/send-errors.ts';
import { PhoneNumber } from '../../domain/numbers/phone-number.value-object.ts';
import { readPhoneField } from '../../domain/numbers/read-phone-field.ts';
import { segmentMessage, type SegmentedMessage } from '../../domain/segmenting/segmenter.ts';
import { smartEncode, type SmartEncoded } from '../../domain/segmenting/smart-encoding.ts';
import type { QuietHoursGate } from '../quiet-hours/quiet-hours-gate.ts';
import type { SenderIdApprovals } from '../sender-ids/sender-id-approvals.port.ts';
import type { SmsSettingsRepository } from '../settings/sms-settings.port.ts';
import { RouteRateCache } from './route-rate-cache.ts';
import type { SendMessageError, SendMessageInput, SentMessage, Submission } from './send-message.use-case.ts';

/** Whether a promotional send waits for the end of its recipient's quiet hours, and until when. */
type QuietHoursTiming = { readonly deferred: false } | { readonly deferred: true; readonly at: Date };

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

/**
 * The first step of a send, with no lock and no write: the number read, the text smart-encoded
 * and segmented within the cap, the route resolved (before the quiet hours: an unroutable number
 * is a 400 whatever the hour), a promotional send deferred past its recipient's quiet hours, the
 * sender ID chosen, the price converted into the wallet currency, and the message created `queued`.
 */
export class PrepareSend {
  constructor(
    private readonly catalogue: Catalogue,
    private readonly fxRates: FxRates,
    private readonly approvals: SenderIdApprovals,
    private readonly settings: SmsSettingsRepository,
    private readonly quietHoursGate: QuietHoursGate,
    private readonly clock: Clock,
    private readonly maxSegments: number,
  ) {}

  execute(input: SendMessageInput): ResultAsync<PricedSend, SendMessageError> {
    const now = this.clock.now();
    const phone = input.to instanceof PhoneNumber ? ok(input.to) : readPhoneField(input.to, 'to');
    if (phone.isErr()) return errAsync(phone.error);
    const due = dueTime(input.scheduleMode, input.scheduledAt, now);
    if (due.isErr()) return errAsync(due.error);
    if (!isStorableText(input.text)) return errAsync(fieldError('text', UNSTORABLE_TEXT_MESSAGE));
    const { e164, country } = phone.value;
    const category = input.category ?? 'transactional';
    return new ResultAsync(this.sentText(input)).andThen(({ encoded, segmented }) => {
      const cache = new RouteRateCache(this.catalogue, this.fxRates, input.sender.walletCurrency);
      const perSegmentOf = (route: Route): Money => input.shortCode?.pricePerSegment ?? route.pricePerSegment;
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
}
