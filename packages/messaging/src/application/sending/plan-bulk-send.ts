import { priceMessage, sumCosts, type FxRates, type Price } from '@tuma/billing';
import { err, isStorableText, ok, UNSTORABLE_TEXT_MESSAGE, validationError, type CurrencyCode, type FieldIssue, type Money, type NotFoundError, type Result, type ValidationError } from '@tuma/kernel';
import type { Catalogue } from '../catalogue/catalogue.port.ts';
import type { Route } from '../../domain/catalogue/route.model.ts';
import type { ContactSource } from '../contacts/contact-source.port.ts';
import { messageTooLong, senderIdNotApproved, type MessageTooLongError, type SenderIdNotApprovedError, type UnroutableSample } from '../../domain/messages/send-errors.ts';
import { PhoneNumber } from '../../domain/numbers/phone-number.value-object.ts';
import type { OptOutList } from '../opt-outs/opt-out-list.port.ts';
import { DEFAULT_MAX_SEGMENTS, segmentMessage, type SegmentedMessage, type SmsEncoding } from '../../domain/segmenting/segmenter.ts';
import { renderTemplate } from '../../domain/templates/render-template.ts';
import type { SenderIdApprovals } from '../sender-ids/sender-id-approvals.port.ts';
import { smartEncode, type SmartEncoded } from '../../domain/segmenting/smart-encoding.ts';
import type { SmsSettingsRepository } from '../settings/sms-settings.port.ts';
import { RouteRateCache } from './route-rate-cache.ts';

export interface BulkRecipientInput {
  readonly to: string;
  readonly name?: string | undefined;
  readonly vars?: Readonly<Record<string, string>> | undefined;
}

export interface BulkAudienceInput {
  readonly accountId: string;
  readonly walletCurrency: CurrencyCode;
  readonly recipients?: readonly BulkRecipientInput[] | undefined;
  readonly contactListIds?: readonly number[] | undefined;
  readonly text: string;
  readonly senderId?: string | undefined;
  readonly route?: string | undefined;
  /** Replace GSM-7 look-alikes in each rendered text; undefined: the account's default. */
  readonly smartEncoding?: boolean | undefined;
}

export interface PlannedMember {
  readonly phone: string;
  readonly country: string;
  readonly route: Route;
  readonly senderId: string;
  /** The text rendered for this member (smart-encoded when asked). */
  readonly text: string;
  /** The rendered text before smart encoding, when it changed it; else null. */
  readonly originalText: string | null;
  readonly encoding: SmsEncoding;
  readonly segments: number;
  readonly price: Price;
}

export interface BulkPlan {
  readonly walletCurrency: CurrencyCode;
  /** Unique, not opted out, routable: whom a send-bulk sends to, in input order (inline first, then lists). */
  readonly members: readonly PlannedMember[];
  readonly suppressedCount: number;
  /** Recipients that cannot be sent to, with why (invalid number, no route, route mismatch, no exchange rate). */
  readonly unroutable: readonly UnroutableSample[];
  readonly unroutableCountries: readonly string[];
  readonly totalSegments: number;
  /** Exact sum of the members' wallet costs. */
  readonly totalCost: Money;
  /** The segment cap the members were checked against. */
  readonly maxSegments: number;
}

export type BulkPlanError = ValidationError | NotFoundError | MessageTooLongError | SenderIdNotApprovedError;

/** A gathered recipient before routing. */
interface Candidate {
  readonly input: string;
  readonly phone: string;
  readonly country: string;
  readonly name: string | null;
  readonly vars: Readonly<Record<string, string>>;
  /** Where it came from, for error paths: `recipients.3` or `contact_list_ids`. */
  readonly path: string;
}

/** Problems reported per recipient are capped so one bad list gives a readable error. */
const MAX_ISSUES = 10;

/**
 * Who a bulk send goes to and what each message is, shared by send-bulk and bulk-precheck:
 * gathers inline recipients then the contact lists' members, collapses duplicates (first wins),
 * drops opted-out numbers (one query), routes each country once, renders `{{var}}` with `name`
 * and `phone` always present (a placeholder without a value is a 422), segments and prices each
 * member. A sender ID must be approved for every destination country (403).
 */
export class PlanBulkSend {
  constructor(
    private readonly catalogue: Catalogue,
    private readonly fxRates: FxRates,
    private readonly optOuts: OptOutList,
    private readonly approvals: SenderIdApprovals,
    private readonly contacts: ContactSource,
    private readonly settings: SmsSettingsRepository,
    private readonly maxSegments: number = DEFAULT_MAX_SEGMENTS,
  ) {}

  async execute(input: BulkAudienceInput): Promise<Result<BulkPlan, BulkPlanError>> {
    const { walletCurrency } = input;
    if (input.text.length === 0) return err(validationError([{ path: 'text', message: 'The text must not be empty' }]));
    const gathered = await this.gather(input);
    if (gathered.isErr()) return err(gathered.error);
    const { candidates, unroutable } = gathered.value;

    const optedOut = await this.optOuts.optedOutAmong(input.accountId, candidates.map((c) => c.phone));
    const audience = candidates.filter((c) => !optedOut.has(c.phone));
    const cache = new RouteRateCache(this.catalogue, this.fxRates, walletCurrency);
    const explicit = input.route === undefined ? undefined : await this.catalogue.findRoute(input.route);
    if (input.route !== undefined && !explicit?.isActive) {
      return err(validationError([{ path: 'route', message: `No active route ${input.route}` }]));
    }

    const routed: { candidate: Candidate; route: Route; rate: Price['rate'] }[] = [];
    const unroutableCountries = new Set<string>();
    for (const candidate of audience) {
      const route = explicit ?? (await cache.routeFor(candidate.country));
      const reason = !route ? 'no_route' : route.countryCode !== candidate.country ? 'route_mismatch' : undefined;
      const rate = route && !reason ? await cache.rateFor(route.currency) : undefined;
      if (!route || reason || !rate || rate.isErr()) {
        unroutable.push({ to: candidate.input, reason: reason ?? 'fx_rate_missing' });
        unroutableCountries.add(candidate.country);
        continue;
      }
      routed.push({ candidate, route, rate: rate.value.rate });
    }

    const senders = await this.senderIds(input, routed.map((r) => r.route));
    if (senders.isErr()) return err(senders.error);
    const smart = input.smartEncoding ?? (await this.settings.settingsOf(input.accountId)).smartEncoding;
    const members = this.render(input.text, routed, senders.value, smart);
    if (members.isErr()) return err(members.error);
    return ok({
      walletCurrency,
      members: members.value,
      suppressedCount: candidates.length - audience.length,
      unroutable,
      unroutableCountries: [...unroutableCountries],
      totalSegments: members.value.reduce((sum, m) => sum + m.segments, 0),
      totalCost: sumCosts(
        members.value.map((m) => m.price.walletCost),
        walletCurrency,
      ),
      maxSegments: this.maxSegments,
    });
  }

  /** Inline recipients, then list members; the first occurrence of a number wins. */
  private async gather(input: BulkAudienceInput): Promise<Result<{ candidates: Candidate[]; unroutable: UnroutableSample[] }, NotFoundError>> {
    const seen = new Set<string>();
    const candidates: Candidate[] = [];
    const unroutable: UnroutableSample[] = [];
    const push = (candidate: Candidate) => {
      if (seen.has(candidate.phone)) return;
      seen.add(candidate.phone);
      candidates.push(candidate);
    };
    (input.recipients ?? []).forEach((recipient, index) => {
      const phone = PhoneNumber.create(recipient.to);
      if (phone.isErr()) {
        unroutable.push({ to: recipient.to, reason: phone.error.reason });
        return;
      }
      const { e164, country } = phone.value;
      push({ input: recipient.to, phone: e164, country, name: recipient.name ?? null, vars: recipient.vars ?? {}, path: `recipients.${index}` });
    });
    if (input.contactListIds && input.contactListIds.length > 0) {
      const members = await this.contacts.membersOf(input.accountId, input.contactListIds);
      if (members.isErr()) return err(members.error);
      for (const m of members.value) push({ input: m.phone, phone: m.phone, country: m.country, name: m.name, vars: m.vars, path: 'contact_list_ids' });
    }
    return ok({ candidates, unroutable });
  }

  /** The sender ID of each route: the one asked for, which must be approved for every country, or the route's default. */
  private async senderIds(input: BulkAudienceInput, routes: readonly Route[]): Promise<Result<(route: Route) => string, SenderIdNotApprovedError>> {
    const asked = input.senderId;
    if (asked === undefined) return ok((route) => route.senderIdDefault);
    const approved = await this.approvals.approvedCountriesOf(input.accountId, asked);
    const refused = [...new Set(routes.map((r) => r.countryCode))].filter((country) => !approved.has(country)).sort();
    return refused.length > 0 ? err(senderIdNotApproved(asked, refused)) : ok(() => asked);
  }

  /** Renders, segments and prices each member; the segmenting of a text and the price of a (route, segments) are computed once. */
  private render(
    text: string,
    routed: readonly { candidate: Candidate; route: Route; rate: Price['rate'] }[],
    senderIdOf: (route: Route) => string,
    smart: boolean,
  ): Result<PlannedMember[], ValidationError | MessageTooLongError> {
    const segmentings = new Map<string, SegmentedMessage>();
    const encodings = new Map<string, SmartEncoded>();
    const prices = new Map<string, Price>();
    const missing: FieldIssue[] = [];
    const members: PlannedMember[] = [];
    for (const { candidate, route, rate } of routed) {
      const vars = { ...candidate.vars, name: candidate.name ?? '', phone: candidate.phone };
      const rendered = renderTemplate(text, vars);
      // A text no column can hold would be charged and then never written (an embedder skips the HTTP door).
      if (!isStorableText(rendered.text)) {
        if (missing.length < MAX_ISSUES) missing.push({ path: candidate.path, message: `${UNSTORABLE_TEXT_MESSAGE} (rendered for ${candidate.phone})` });
        continue;
      }
      if (rendered.missing.length > 0) {
        if (missing.length < MAX_ISSUES) {
          const names = rendered.missing.join(', ');
          missing.push({ path: candidate.path === 'contact_list_ids' ? 'contact_list_ids' : `${candidate.path}.vars`, message: `No value for ${names} (${candidate.phone})` });
        }
        continue;
      }
      let encoded: SmartEncoded | undefined;
      if (smart) {
        encoded = encodings.get(rendered.text);
        if (!encoded) encodings.set(rendered.text, (encoded = smartEncode(rendered.text, this.maxSegments)));
      }
      const sent = encoded?.text ?? rendered.text;
      let segmented = segmentings.get(sent);
      if (!segmented) segmentings.set(sent, (segmented = segmentMessage(sent, { maxSegments: this.maxSegments })));
      if (segmented.overSegmentCap) return err(messageTooLong(`text (rendered for ${candidate.phone})`, segmented.segments, segmented.maxSegments));
      const priceKey = `${route.code}:${segmented.segments}`;
      let price = prices.get(priceKey);
      if (!price) prices.set(priceKey, (price = priceMessage({ segments: segmented.segments, pricePerSegment: route.pricePerSegment, rate })));
      members.push({
        phone: candidate.phone,
        country: candidate.country,
        route,
        senderId: senderIdOf(route),
        text: sent,
        originalText: encoded?.changed ? encoded.original : null,
        encoding: segmented.encoding,
        segments: segmented.segments,
        price,
      });
    }
    if (missing.length > 0) return err(validationError(missing, 'Some recipients have no value for placeholders of the text, or a text that cannot be stored'));
    return ok(members);
  }
}
