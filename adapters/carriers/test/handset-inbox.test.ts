import { expect } from 'chai';
import fc from 'fast-check';
import { HandsetInbox, type HandsetMessage } from '../src/index.ts';

const START = Date.parse('2026-11-20T10:00:00.000Z');
const NUMBERS = ['+254712000001', '+254712000002', '+2348031234567'];

/** The n-th message of a run, to one of the numbers, a second after the one before. */
const message = (n: number, to = NUMBERS[n % NUMBERS.length]!): HandsetMessage => ({
  messageId: `msg_${n}`,
  from: 'TUMA',
  to,
  text: `Your code is ${100000 + n}`,
  parts: 1,
  gateway: 'sandbox',
  receivedAt: new Date(START + n * 1000),
});

const ids = (messages: readonly HandsetMessage[]) => messages.map((m) => m.messageId);

describe('HandsetInbox', () => {
  it("reads one number's messages newest first, at most `limit`, and every number's without `to`", () => {
    const inbox = new HandsetInbox(10);
    for (let n = 0; n < 6; n++) inbox.record(message(n));
    expect(ids(inbox.received({ to: NUMBERS[0], limit: 10 }))).to.deep.equal(['msg_3', 'msg_0']);
    expect(ids(inbox.received({ to: NUMBERS[1], limit: 1 }))).to.deep.equal(['msg_4']);
    expect(ids(inbox.received({ limit: 4 }))).to.deep.equal(['msg_5', 'msg_4', 'msg_3', 'msg_2']);
    expect(inbox.received({ to: '+255712345678', limit: 10 })).to.deep.equal([]);
    expect(inbox.received({ to: NUMBERS[2], limit: 10 })[0]).to.deep.equal(message(5));
  });

  it('drops the oldest message beyond its capacity', () => {
    const inbox = new HandsetInbox(3);
    for (let n = 0; n < 5; n++) inbox.record(message(n, NUMBERS[0]));
    expect(inbox.size).to.equal(3);
    expect(ids(inbox.received({ limit: 10 }))).to.deep.equal(['msg_4', 'msg_3', 'msg_2']);
  });

  it('holds at least one message', () => {
    for (const capacity of [0, -1, 1.5, Number.NaN]) expect(() => new HandsetInbox(capacity), String(capacity)).to.throw(RangeError);
  });

  it('law: a read is the last `capacity` recorded, newest first, filtered by number, cut at `limit`', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 20 }),
        fc.array(fc.constantFrom(...NUMBERS), { maxLength: 60 }),
        fc.option(fc.constantFrom(...NUMBERS), { nil: undefined }),
        fc.integer({ min: 1, max: 30 }),
        (capacity, recipients, to, limit) => {
          const inbox = new HandsetInbox(capacity);
          const recorded = recipients.map((recipient, n) => message(n, recipient));
          recorded.forEach((m) => inbox.record(m));
          const expected = recorded
            .slice(-capacity)
            .reverse()
            .filter((m) => to === undefined || m.to === to)
            .slice(0, limit);
          expect(inbox.received({ to, limit })).to.deep.equal(expected);
          expect(inbox.size).to.equal(Math.min(capacity, recorded.length));
        },
      ),
    );
  });
});
