import { expect } from 'chai';
import fc from 'fast-check';
import {
  applyDeliveryEvent,
  DELIVERY_ERROR_CODE_LIST,
  DELIVERY_TRANSITIONS,
  isFinalStatus,
  queuedDelivery,
  RECEIPT_STATES,
  type DeliveryEvent,
  type DeliveryReceipt,
  type DeliveryState,
  type OutboundMessageStatus,
} from '../src/delivery.ts';
import { at, receipt, submittedWith } from './support/delivery-builders.ts';

const PART_IDS = ['p1', 'p2', 'p3'];

const timeArb = fc.integer({ min: 0, max: 3600 }).map(at);
const codeArb = fc.constantFrom(...DELIVERY_ERROR_CODE_LIST);
const receiptArb: fc.Arbitrary<DeliveryReceipt> = fc
  .record({
    id: fc.oneof({ weight: 6, arbitrary: fc.constantFrom(...PART_IDS) }, { weight: 1, arbitrary: fc.constant('stale') }),
    state: fc.oneof({ weight: 4, arbitrary: fc.constant('delivered' as const) }, { weight: 3, arbitrary: fc.constantFrom(...RECEIPT_STATES) }),
    code: fc.option(codeArb),
    time: timeArb,
  })
  .map(({ id, state, code, time }) => receipt(id, state, { errorCode: code, receivedAt: time }));

/** Weighted so that walks often get as far as delivery, not only to an early failure or rejection. */
const eventArb: fc.Arbitrary<DeliveryEvent> = fc.oneof(
  { weight: 4, arbitrary: timeArb.map((time) => ({ type: 'dispatched', at: time }) as const) },
  {
    weight: 4,
    arbitrary: fc
      .record({ count: fc.integer({ min: 1, max: 3 }), time: timeArb })
      .map(({ count, time }) => ({ type: 'carrier_accepted', carrierMessageIds: PART_IDS.slice(0, count), at: time }) as const),
  },
  { weight: 2, arbitrary: fc.record({ code: codeArb, time: timeArb }).map(({ code, time }) => ({ type: 'retry_scheduled', errorCode: code, at: time }) as const) },
  { weight: 1, arbitrary: fc.record({ code: codeArb, time: timeArb }).map(({ code, time }) => ({ type: 'failed', errorCode: code, at: time }) as const) },
  { weight: 1, arbitrary: fc.record({ code: codeArb, time: timeArb }).map(({ code, time }) => ({ type: 'rejected', errorCode: code, at: time }) as const) },
  { weight: 10, arbitrary: receiptArb.map((r) => ({ type: 'receipt', receipt: r }) as const) },
);

const RANK: Record<OutboundMessageStatus, number> = { queued: 0, sent: 1, submitted: 2, delivered: 3, failed: 3, rejected: 3 };

/** Every state a walk passes through, with the event that led there and whether it was refused. */
function walk(events: readonly DeliveryEvent[]): { from: DeliveryState; event: DeliveryEvent; to: DeliveryState; refused: boolean }[] {
  const steps = [];
  let state = queuedDelivery();
  for (const event of events) {
    const result = applyDeliveryEvent(state, event);
    const to = result.isOk() ? result.value.state : state;
    steps.push({ from: state, event, to, refused: result.isErr() });
    state = to;
  }
  return steps;
}

describe('delivery transitions: laws', () => {
  it('agrees with the documented table: refused where it has no entry, else ends in a listed status', () => {
    fc.assert(
      fc.property(fc.array(eventArb, { maxLength: 30 }), (events) => {
        for (const { from, event, to, refused } of walk(events)) {
          const allowed = DELIVERY_TRANSITIONS[from.status][event.type];
          if (!allowed) expect(refused, `${from.status} + ${event.type}`).to.equal(true);
          if (!refused) expect(allowed, `${from.status} + ${event.type}`).to.include(to.status);
        }
      }),
      { numRuns: 1000 },
    );
  });

  it('a final status never changes, and statuses only move forward except a retry (sent -> queued)', () => {
    fc.assert(
      fc.property(fc.array(eventArb, { maxLength: 30 }), (events) => {
        for (const { from, event, to } of walk(events)) {
          if (isFinalStatus(from.status)) expect(to.status).to.equal(from.status);
          if (to.status === from.status) continue;
          if (event.type === 'retry_scheduled') expect([from.status, to.status]).to.deep.equal(['sent', 'queued']);
          else expect(RANK[to.status]).to.be.greaterThan(RANK[from.status]);
        }
      }),
      { numRuns: 1000 },
    );
  });

  it('retry_count counts the retries taken; failed_at is set exactly when failed or rejected, delivered_at when delivered', () => {
    fc.assert(
      fc.property(fc.array(eventArb, { maxLength: 30 }), (events) => {
        const steps = walk(events);
        const retries = steps.filter((s) => !s.refused && s.event.type === 'retry_scheduled').length;
        const last = steps.at(-1)?.to ?? queuedDelivery();
        expect(last.retryCount).to.equal(retries);
        expect(last.failedAt !== null).to.equal(last.status === 'failed' || last.status === 'rejected');
        expect(last.deliveredAt !== null).to.equal(last.status === 'delivered');
        if (last.status === 'failed' || last.status === 'rejected') expect(last.errorCode).to.not.equal(null);
        if (last.status === 'delivered' || last.status === 'submitted') expect(last.errorCode).to.equal(null);
      }),
      { numRuns: 1000 },
    );
  });

  it('a multipart message ends in the same status, at the same time, whatever order its receipts arrive in', () => {
    const partsArb = fc.integer({ min: 1, max: 3 }).chain((count) =>
      fc.record({
        ids: fc.constant(PART_IDS.slice(0, count)),
        finals: fc.array(
          fc.record({ state: fc.constantFrom(...RECEIPT_STATES.filter((s) => s !== 'enroute' && s !== 'accepted' && s !== 'unknown')), time: timeArb }),
          { minLength: count, maxLength: count },
        ),
        noise: fc.array(fc.record({ part: fc.integer({ min: 0, max: count - 1 }), state: fc.constantFrom('enroute', 'accepted', 'unknown' as const) })),
      }),
    );
    fc.assert(
      fc.property(partsArb, fc.integer(), (parts, seed) => {
        const receipts = [
          ...parts.ids.map((id, i) => receipt(id, parts.finals[i]!.state, { receivedAt: parts.finals[i]!.time })),
          ...parts.noise.map((n) => receipt(parts.ids[n.part]!, n.state)),
        ];
        const shuffled = fc.sample(fc.shuffledSubarray(receipts, { minLength: receipts.length }), { seed, numRuns: 1 })[0]!;
        const settle = (list: readonly DeliveryReceipt[]) =>
          list.reduce((state, r) => applyDeliveryEvent(state, { type: 'receipt', receipt: r })._unsafeUnwrap().state, submittedWith(...parts.ids));
        const [a, b] = [settle(receipts), settle(shuffled)];
        expect(b.status).to.equal(a.status);
        expect(b.deliveredAt).to.deep.equal(a.deliveredAt);
        const anyFailed = parts.finals.some((f) => f.state !== 'delivered');
        expect(a.status).to.equal(anyFailed ? 'failed' : 'delivered');
      }),
      { numRuns: 1000 },
    );
  });

  it('applying the same receipt twice is applying it once', () => {
    fc.assert(
      fc.property(fc.array(eventArb, { maxLength: 20 }), receiptArb, (events, r) => {
        const state = walk(events).at(-1)?.to ?? queuedDelivery();
        const once = applyDeliveryEvent(state, { type: 'receipt', receipt: r })._unsafeUnwrap().state;
        const twice = applyDeliveryEvent(once, { type: 'receipt', receipt: r })._unsafeUnwrap();
        expect(twice.changed).to.equal(false);
        expect(twice.state).to.deep.equal(once);
      }),
      { numRuns: 1000 },
    );
  });
});
