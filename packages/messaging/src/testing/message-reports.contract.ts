/** The contract suite every MessageReports implementation must pass, over messages stored through its repositories. */
import { expect } from 'chai';
import { currency, Money, newId } from '@tuma/kernel';
import { queuedDelivery, type DeliveryState } from '../domain/delivery/delivery-state.ts';
import type { BatchRepository, MessageBatch } from '../domain/messages/message-batch.ts';
import type { MessageRepository } from '../application/messages/message.repository.port.ts';
import { OutboundMessage, type MessageEnvironment } from '../domain/messages/outbound-message.ts';
import type { MessageReports, ReportScope } from '../application/reports/message-reports.port.ts';
import { noMessages, type MessageTally } from '../domain/reports/message-tally.ts';
import { ReportWindow } from '../domain/reports/report-window.ts';

export interface MessageReportsFixture {
  readonly reports: MessageReports;
  /** Empty stores the reports read. */
  readonly messages: MessageRepository;
  readonly batches: BatchRepository;
  /** Makes an API key of an account known, with its visible prefix and name. */
  readonly addApiKey: (key: { id: string; accountId: string; prefix: string; name: string | null }) => Promise<void>;
  /** Two accounts that exist, with USD wallets. */
  readonly accountIds: readonly [string, string];
  /** Runs a step the way the application does (in a fresh unit of work / context). */
  readonly step: <T>(work: () => Promise<T>) => Promise<T>;
}

const USD = currency('USD');
const usd = (amount: string): Money => Money.parse(amount, 'USD')._unsafeUnwrap();
const at = (iso: string): Date => new Date(iso);
const plus = (date: Date, ms: number): Date => new Date(date.getTime() + ms);

/** Where a message ended up; the two failures differ in whether the carrier took it (and so in the refund). */
export type ReportOutcome = 'queued' | 'sent' | 'submitted' | 'delivered' | 'failed_by_carrier' | 'failed_before_carrier' | 'cancelled' | 'opted_out';

function deliveryOf(outcome: ReportOutcome, sentAt: Date, deliveryMs: number): DeliveryState {
  const taken = { ...queuedDelivery(), carrierMessageIds: ['c-1'], sentAt, submittedAt: plus(sentAt, 100) };
  const doneAt = plus(sentAt, deliveryMs);
  switch (outcome) {
    case 'queued':
      return queuedDelivery();
    case 'sent':
      return { ...queuedDelivery(), status: 'sent', sentAt };
    case 'submitted':
      return { ...taken, status: 'submitted' };
    case 'delivered':
      return { ...taken, status: 'delivered', deliveredAt: doneAt, partOutcomes: [{ carrierMessageId: 'c-1', outcome: 'delivered', errorCode: null, at: doneAt }] };
    case 'failed_by_carrier':
      return {
        ...taken,
        status: 'failed',
        errorCode: 'absent_subscriber',
        failedAt: doneAt,
        partOutcomes: [{ carrierMessageId: 'c-1', outcome: 'failed', errorCode: 'absent_subscriber', at: doneAt }],
      };
    case 'failed_before_carrier':
      return { ...queuedDelivery(), status: 'failed', errorCode: 'invalid_destination', sentAt, failedAt: plus(sentAt, 50) };
    case 'cancelled':
      return { ...queuedDelivery(), status: 'rejected', errorCode: 'cancelled', failedAt: sentAt };
    case 'opted_out':
      return { ...queuedDelivery(), status: 'rejected', errorCode: 'opted_out', failedAt: sentAt };
  }
}

/** A message as the reports see it: where it ended up, when, what it cost. */
export interface ReportMessageSpec {
  readonly account: string;
  readonly createdAt: string;
  readonly outcome: ReportOutcome;
  readonly cost?: string;
  readonly segments?: number;
  readonly country?: 'KE' | 'NG' | 'GH';
  readonly environment?: MessageEnvironment;
  readonly batch?: { readonly id: string; readonly seq: number };
  readonly apiKeyId?: string | null;
  /** When the latest submission attempt started; default: a second after creation. */
  readonly sentAt?: string;
  readonly deliveryMs?: number;
}

const ROUTES = { KE: 'SVC_KE', NG: 'SVC_NG', GH: 'SVC_GH' } as const;

/** A stored message built from a `ReportMessageSpec` (for report suites: contract and end-to-end). */
export function reportMessage(spec: ReportMessageSpec): OutboundMessage {
  const createdAt = at(spec.createdAt);
  const country = spec.country ?? 'KE';
  const segments = spec.segments ?? 1;
  const cost = usd(spec.outcome === 'opted_out' ? '0' : (spec.cost ?? '0.01'));
  return OutboundMessage.rehydrate({
    id: newId('msg', createdAt),
    accountId: spec.account,
    apiKeyId: spec.apiKeyId === undefined ? 'key_live' : spec.apiKeyId,
    environment: spec.environment ?? 'live',
    batchId: spec.batch?.id ?? null,
    batchSeq: spec.batch?.seq ?? null,
    phone: '+254712345678',
    country,
    routeCode: ROUTES[country],
    senderId: 'TUMA',
    text: 'Habari',
    originalText: null,
    category: 'transactional',
    encoding: 'GSM7',
    segments,
    pricePerSegment: usd('0.01'),
    routeCost: usd('0.01').multiply(segments),
    cost,
    chargeEntryId: spec.environment === 'test' ? null : 'txn_1',
    scheduledAt: null,
    createdAt,
    carrier: spec.outcome === 'queued' || spec.outcome === 'opted_out' || spec.outcome === 'cancelled' ? null : 'simulator',
    delivery: deliveryOf(spec.outcome, spec.sentAt ? at(spec.sentAt) : plus(createdAt, 1_000), spec.deliveryMs ?? 2_000),
  });
}

function batch(account: string, spec: { createdAt: string; text?: string; total: number; cost: string; environment?: MessageEnvironment }): MessageBatch {
  const createdAt = at(spec.createdAt);
  return {
    id: newId('bat', createdAt),
    accountId: account,
    apiKeyId: 'key_live',
    environment: spec.environment ?? 'live',
    status: 'sending',
    text: spec.text ?? 'Hi {{name}}',
    senderId: null,
    total: spec.total,
    cost: usd(spec.cost),
    chargeEntryId: 'txn_2',
    scheduledAt: null,
    dripRate: null,
    createdAt,
  };
}

/** A tally from its parts, with zero for the statuses not given. */
function tally(counts: Partial<MessageTally['counts']>, segments: number, cost: string, refunded: string): MessageTally {
  const none = noMessages(USD);
  return { counts: { ...none.counts, ...counts }, segments, cost: usd(cost), refunded: usd(refunded) };
}

/** Money compared by value (implementations may build equal amounts differently), dates as ISO text. */
export function plain(value: unknown): unknown {
  if (value instanceof Money) return `${value.toDecimalString()} ${value.currency}`;
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) return value.map(plain);
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, plain(v)]));
  return value;
}

const window = (from: string, to: string): ReportWindow => ReportWindow.create({ from: at(from), to: at(to) }, at(to))._unsafeUnwrap();

export function describeMessageReportsContract(name: string, make: () => Promise<MessageReportsFixture>): void {
  describe(`MessageReports contract: ${name}`, () => {
    let f: MessageReportsFixture;
    let a: string;
    let b: string;
    let live: ReportScope;
    beforeEach(async () => {
      f = await make();
      [a, b] = f.accountIds;
      live = { accountId: a, environment: 'live', currency: USD };
    });
    const add = (...specs: ReportMessageSpec[]) => f.step(() => f.messages.add(specs.map(reportMessage)));
    const addBatch = async (value: MessageBatch) => {
      await f.step(() => f.batches.add(value));
      return value;
    };
    const november = window('2026-11-10T00:00:00.000Z', '2026-11-13T12:00:00.000Z');

    describe('totals and daily series', () => {
      beforeEach(async () => {
        await add(
          { account: a, createdAt: '2026-11-10T00:00:00.000Z', outcome: 'delivered', segments: 2, cost: '0.020000' },
          { account: a, createdAt: '2026-11-10T23:59:59.999Z', outcome: 'failed_by_carrier', country: 'NG', cost: '0.012345' },
          { account: a, createdAt: '2026-11-11T00:00:00.000Z', outcome: 'failed_before_carrier', country: 'NG', cost: '0.012345' },
          { account: a, createdAt: '2026-11-11T08:00:00.000Z', outcome: 'cancelled', segments: 3, cost: '0.030003' },
          { account: a, createdAt: '2026-11-11T09:00:00.000Z', outcome: 'opted_out' },
          { account: a, createdAt: '2026-11-13T10:00:00.000Z', outcome: 'queued', country: 'GH', cost: '0.000001' },
          { account: a, createdAt: '2026-11-13T10:30:00.000Z', outcome: 'sent', cost: '0.010000' },
          { account: a, createdAt: '2026-11-13T11:59:59.999Z', outcome: 'submitted', cost: '0.010000' },
          // Outside the scope or the window: never counted.
          { account: a, createdAt: '2026-11-13T12:00:00.000Z', outcome: 'delivered' },
          { account: a, createdAt: '2026-11-09T23:59:59.999Z', outcome: 'delivered' },
          { account: a, createdAt: '2026-11-11T10:00:00.000Z', outcome: 'delivered', environment: 'test' },
          { account: b, createdAt: '2026-11-11T10:00:00.000Z', outcome: 'delivered' },
        );
      });

      it('counts every status, sums segments and costs exactly, and refunds what the carrier never took', async () => {
        const totals = await f.step(() => f.reports.totals(live, november));
        expect(plain(totals)).to.deep.equal(
          plain(tally({ delivered: 1, failed: 2, rejected: 2, queued: 1, sent: 1, submitted: 1 }, 11, '0.094694', '0.042348')),
        );
      });

      it('keeps environments and accounts apart', async () => {
        const test = await f.step(() => f.reports.totals({ ...live, environment: 'test' }, november));
        expect(plain(test)).to.deep.equal(plain(tally({ delivered: 1 }, 1, '0.010000', '0')));
        const other = await f.step(() => f.reports.totals({ ...live, accountId: b }, november));
        expect(plain(other)).to.deep.equal(plain(tally({ delivered: 1 }, 1, '0.010000', '0')));
      });

      it('gives every UTC day the window touches, in order, with zeros for days without messages', async () => {
        const daily = await f.step(() => f.reports.daily(live, november));
        expect(plain(daily)).to.deep.equal(
          plain([
            { day: '2026-11-10', ...tally({ delivered: 1, failed: 1 }, 3, '0.032345', '0') },
            { day: '2026-11-11', ...tally({ failed: 1, rejected: 2 }, 5, '0.042348', '0.042348') },
            { day: '2026-11-12', ...tally({}, 0, '0', '0') },
            { day: '2026-11-13', ...tally({ queued: 1, sent: 1, submitted: 1 }, 3, '0.020001', '0') },
          ]),
        );
      });

      it('starts and ends the series with the days holding the bounds, partial days included', async () => {
        const partial = window('2026-11-10T12:00:00.000Z', '2026-11-11T00:00:00.001Z');
        const daily = await f.step(() => f.reports.daily(live, partial));
        expect(daily.map((d) => d.day)).to.deep.equal(['2026-11-10', '2026-11-11']);
        expect(plain(daily[0])).to.deep.equal(plain({ day: '2026-11-10', ...tally({ failed: 1 }, 1, '0.012345', '0') }));
        expect(plain(daily[1])).to.deep.equal(plain({ day: '2026-11-11', ...tally({ failed: 1 }, 1, '0.012345', '0.012345') }));
        const midnight = window('2026-11-12T00:00:00.000Z', '2026-11-13T00:00:00.000Z');
        expect((await f.step(() => f.reports.daily(live, midnight))).map((d) => d.day)).to.deep.equal(['2026-11-12']);
      });

      it('reports totals, the daily series and countries (most messages first, then by code) from one view', async () => {
        const report = await f.step(() => f.reports.report(live, november));
        expect(plain(report.totals)).to.deep.equal(plain(await f.step(() => f.reports.totals(live, november))));
        expect(plain(report.daily)).to.deep.equal(plain(await f.step(() => f.reports.daily(live, november))));
        expect(plain(report.byCountry)).to.deep.equal(
          plain([
            { country: 'KE', ...tally({ delivered: 1, rejected: 2, sent: 1, submitted: 1 }, 8, '0.070003', '0.030003') },
            { country: 'NG', ...tally({ failed: 2 }, 2, '0.024690', '0.012345') },
            { country: 'GH', ...tally({ queued: 1 }, 1, '0.000001', '0') },
          ]),
        );
      });
    });

    it('answers zeros for an account without messages', async () => {
      expect(plain(await f.step(() => f.reports.totals(live, november)))).to.deep.equal(plain(noMessages(USD)));
      const daily = await f.step(() => f.reports.daily(live, november));
      expect(plain(daily)).to.deep.equal(plain(['2026-11-10', '2026-11-11', '2026-11-12', '2026-11-13'].map((day) => ({ day, ...noMessages(USD) }))));
      expect(plain(await f.step(() => f.reports.report(live, november)))).to.deep.equal(plain({ totals: noMessages(USD), daily, byCountry: [] }));
      expect(await f.step(() => f.reports.breakdown(live, november, 10))).to.deep.equal({ campaigns: [], campaignCount: 0, apiKeys: [] });
      expect(await f.step(() => f.reports.routeHealth(live, november))).to.deep.equal([]);
    });

    describe('breakdown', () => {
      it('gives each bulk send its written members, its recipients and charge, and the single messages one row, most spent first', async () => {
        const long = `${'👋🏽'.repeat(30)}${'x'.repeat(60)}`;
        const big = await addBatch(batch(a, { createdAt: '2026-11-10T09:00:00.000Z', text: long, total: 4, cost: '0.040000' }));
        const small = await addBatch(batch(a, { createdAt: '2026-11-11T09:00:00.000Z', total: 2, cost: '0.020000' }));
        const unsent = await addBatch(batch(a, { createdAt: '2026-11-12T09:00:00.000Z', total: 500, cost: '5.000000' }));
        await addBatch(batch(a, { createdAt: '2026-11-12T09:00:00.000Z', total: 1, cost: '0.010000', environment: 'test' }));
        await addBatch(batch(b, { createdAt: '2026-11-12T09:00:00.000Z', total: 1, cost: '0.010000' }));
        await addBatch(batch(a, { createdAt: '2026-11-01T09:00:00.000Z', total: 1, cost: '0.010000' }));
        await add(
          { account: a, createdAt: big.createdAt.toISOString(), outcome: 'delivered', batch: { id: big.id, seq: 0 }, cost: '0.010000' },
          { account: a, createdAt: big.createdAt.toISOString(), outcome: 'failed_before_carrier', batch: { id: big.id, seq: 1 }, cost: '0.010000' },
          { account: a, createdAt: big.createdAt.toISOString(), outcome: 'submitted', batch: { id: big.id, seq: 2 }, cost: '0.010000' },
          { account: a, createdAt: small.createdAt.toISOString(), outcome: 'delivered', batch: { id: small.id, seq: 0 }, cost: '0.010000', segments: 2 },
          { account: a, createdAt: small.createdAt.toISOString(), outcome: 'delivered', batch: { id: small.id, seq: 1 }, cost: '0.010000', segments: 2 },
          { account: a, createdAt: '2026-11-12T10:00:00.000Z', outcome: 'delivered', cost: '0.007000' },
          { account: a, createdAt: '2026-11-12T11:00:00.000Z', outcome: 'cancelled', cost: '0.007000' },
        );
        const { campaigns, campaignCount } = await f.step(() => f.reports.breakdown(live, november, 10));
        expect(campaignCount).to.equal(4);
        expect(plain(campaigns)).to.deep.equal(
          plain([
            {
              batch: { id: small.id, text: 'Hi {{name}}', createdAt: small.createdAt, recipients: 2, charged: usd('0.02') },
              ...tally({ delivered: 2 }, 4, '0.020000', '0'),
            },
            {
              batch: { id: big.id, text: `${'👋🏽'.repeat(30)}${'x'.repeat(40)}`, createdAt: big.createdAt, recipients: 4, charged: usd('0.04') },
              ...tally({ delivered: 1, failed: 1, submitted: 1 }, 3, '0.030000', '0.010000'),
            },
            { batch: null, ...tally({ delivered: 1, rejected: 1 }, 2, '0.014000', '0.007000') },
            { batch: { id: unsent.id, text: 'Hi {{name}}', createdAt: unsent.createdAt, recipients: 500, charged: usd('5') }, ...noMessages(USD) },
          ]),
        );
        const firstTwo = await f.step(() => f.reports.breakdown(live, november, 2));
        expect(firstTwo.campaignCount).to.equal(4);
        expect(firstTwo.campaigns.map((c) => c.batch?.id)).to.deep.equal([small.id, big.id]);
      });

      it('orders campaigns of equal spend newest first, the single messages after them', async () => {
        const older = await addBatch(batch(a, { createdAt: '2026-11-10T09:00:00.000Z', total: 1, cost: '0.010000' }));
        const newer = await addBatch(batch(a, { createdAt: '2026-11-11T09:00:00.000Z', total: 1, cost: '0.010000' }));
        await add(
          { account: a, createdAt: '2026-11-12T09:00:00.000Z', outcome: 'delivered', cost: '0.010000' },
          { account: a, createdAt: older.createdAt.toISOString(), outcome: 'delivered', batch: { id: older.id, seq: 0 }, cost: '0.010000' },
          { account: a, createdAt: newer.createdAt.toISOString(), outcome: 'delivered', batch: { id: newer.id, seq: 0 }, cost: '0.010000' },
        );
        const { campaigns } = await f.step(() => f.reports.breakdown(live, november, 10));
        expect(campaigns.map((c) => c.batch?.id ?? null)).to.deep.equal([newer.id, older.id, null]);
      });

      it('gives each API key its spend with its prefix and name, most spent first, keyless messages last among equals', async () => {
        await f.addApiKey({ id: 'key_01HLIVE', accountId: a, prefix: 'svc_live_AbCd1234', name: 'Checkout' });
        await f.addApiKey({ id: 'key_01HOTHER', accountId: a, prefix: 'svc_live_ZyXw9876', name: null });
        await add(
          { account: a, createdAt: '2026-11-10T10:00:00.000Z', outcome: 'delivered', apiKeyId: 'key_01HLIVE', cost: '0.010000' },
          { account: a, createdAt: '2026-11-10T11:00:00.000Z', outcome: 'failed_before_carrier', apiKeyId: 'key_01HLIVE', cost: '0.500000' },
          { account: a, createdAt: '2026-11-10T12:00:00.000Z', outcome: 'delivered', apiKeyId: 'key_01HOTHER', cost: '0.020000' },
          { account: a, createdAt: '2026-11-10T13:00:00.000Z', outcome: 'delivered', apiKeyId: null, cost: '0.010000' },
          { account: a, createdAt: '2026-11-10T14:00:00.000Z', outcome: 'delivered', apiKeyId: 'key_01HGONE', cost: '0.010000' },
        );
        const { apiKeys } = await f.step(() => f.reports.breakdown(live, november, 10));
        expect(plain(apiKeys)).to.deep.equal(
          plain([
            { apiKeyId: 'key_01HOTHER', prefix: 'svc_live_ZyXw9876', name: null, ...tally({ delivered: 1 }, 1, '0.020000', '0') },
            { apiKeyId: 'key_01HGONE', prefix: null, name: null, ...tally({ delivered: 1 }, 1, '0.010000', '0') },
            { apiKeyId: 'key_01HLIVE', prefix: 'svc_live_AbCd1234', name: 'Checkout', ...tally({ delivered: 1, failed: 1 }, 2, '0.510000', '0.500000') },
            { apiKeyId: null, prefix: null, name: null, ...tally({ delivered: 1 }, 1, '0.010000', '0') },
          ]),
        );
      });
    });

    describe('route health', () => {
      const lastHour = window('2026-11-13T11:00:00.000Z', '2026-11-13T12:00:00.000Z');
      const sent = (minute: number) => `2026-11-13T11:${String(minute).padStart(2, '0')}:00.000Z`;

      it("counts the scope's submissions of the window and every account's live ones, per route, with the median time to deliver", async () => {
        await add(
          { account: a, createdAt: '2026-11-12T09:00:00.000Z', outcome: 'delivered', sentAt: sent(5), deliveryMs: 1_000 },
          { account: a, createdAt: '2026-11-13T11:04:00.000Z', outcome: 'delivered', sentAt: sent(5), deliveryMs: 4_000 },
          { account: a, createdAt: '2026-11-13T11:04:00.000Z', outcome: 'failed_by_carrier', sentAt: sent(6) },
          { account: a, createdAt: '2026-11-13T11:04:00.000Z', outcome: 'submitted', sentAt: sent(7) },
          { account: a, createdAt: '2026-11-13T11:04:00.000Z', outcome: 'failed_before_carrier', country: 'NG', sentAt: sent(8) },
          { account: b, createdAt: '2026-11-13T11:04:00.000Z', outcome: 'delivered', sentAt: sent(9), deliveryMs: 7_001 },
          { account: b, createdAt: '2026-11-13T11:04:00.000Z', outcome: 'delivered', country: 'GH', sentAt: sent(9), deliveryMs: 500 },
          // Test messages are the scope's when it is a test scope, never the platform's.
          { account: a, createdAt: '2026-11-13T11:04:00.000Z', outcome: 'delivered', environment: 'test', sentAt: sent(10), deliveryMs: 50 },
          { account: b, createdAt: '2026-11-13T11:04:00.000Z', outcome: 'failed_by_carrier', environment: 'test', sentAt: sent(10) },
          // Outside the window, or never handed to a carrier.
          { account: a, createdAt: '2026-11-13T10:00:00.000Z', outcome: 'delivered', sentAt: '2026-11-13T10:59:59.999Z' },
          { account: a, createdAt: '2026-11-13T11:30:00.000Z', outcome: 'delivered', sentAt: '2026-11-13T12:00:00.000Z' },
          { account: a, createdAt: '2026-11-13T11:30:00.000Z', outcome: 'queued' },
        );
        const routes = await f.step(() => f.reports.routeHealth(live, lastHour));
        const none = { attempted: 0, delivered: 0, failed: 0, pending: 0, medianDeliveryMs: null };
        expect(routes).to.deep.equal([
          { routeCode: 'SVC_GH', account: none, platform: { attempted: 1, delivered: 1, failed: 0, pending: 0, medianDeliveryMs: 500 } },
          {
            routeCode: 'SVC_KE',
            account: { attempted: 4, delivered: 2, failed: 1, pending: 1, medianDeliveryMs: 2_500 },
            platform: { attempted: 5, delivered: 3, failed: 1, pending: 1, medianDeliveryMs: 4_000 },
          },
          {
            routeCode: 'SVC_NG',
            account: { attempted: 1, delivered: 0, failed: 1, pending: 0, medianDeliveryMs: null },
            platform: { attempted: 1, delivered: 0, failed: 1, pending: 0, medianDeliveryMs: null },
          },
        ]);
        const test = await f.step(() => f.reports.routeHealth({ ...live, environment: 'test' }, lastHour));
        expect(test.find((r) => r.routeCode === 'SVC_KE')?.account).to.deep.equal({ attempted: 1, delivered: 1, failed: 0, pending: 0, medianDeliveryMs: 50 });
        expect(test.map((r) => r.routeCode)).to.deep.equal(['SVC_GH', 'SVC_KE', 'SVC_NG']);
      });

      it('counts a message retried in the window once, at its latest attempt, and one retried after the window not at all', async () => {
        const retriedWithin = reportMessage({ account: a, createdAt: '2026-11-13T10:50:00.000Z', outcome: 'delivered', sentAt: '2026-11-13T10:55:00.000Z' });
        const retriedAfter = reportMessage({ account: a, createdAt: '2026-11-13T11:10:00.000Z', outcome: 'delivered', sentAt: sent(15) });
        await f.step(() => f.messages.add([retriedWithin, retriedAfter]));
        const retry = (m: OutboundMessage, sentAt: string) => OutboundMessage.rehydrate({ ...m, delivery: { ...m.delivery, retryCount: m.delivery.retryCount + 1, sentAt: at(sentAt) } });
        await f.step(() => f.messages.saveDelivery([retry(retriedWithin, sent(20))]));
        await f.step(() => f.messages.saveDelivery([retry(retry(retriedWithin, sent(20)), sent(40))]));
        await f.step(() => f.messages.saveDelivery([retry(retriedAfter, '2026-11-13T12:05:00.000Z')]));
        const routes = await f.step(() => f.reports.routeHealth(live, lastHour));
        expect(routes.map((r) => [r.routeCode, r.account.attempted, r.account.delivered])).to.deep.equal([['SVC_KE', 1, 1]]);
      });
    });
  });
}
