/** The contract suite every InboundMessageRepository must pass. */
import { expect } from 'chai';
import { newId } from '@tuma/kernel';
import { queuedDelivery, type DeliveryState } from '../domain/delivery/delivery-state.ts';
import type { InboundMessage } from '../domain/inbound/inbound-message.ts';
import type { InboundMessageRepository } from '../application/inbound/inbound-message.repository.port.ts';
import { outboundMessageFixture } from './outbound-message.fixture.ts';
import type { OutboundMessage } from '../domain/messages/outbound-message.ts';

export interface InboundMessageRepositoryFixture {
  /** Empty: no inbound and no outbound messages. */
  readonly inbound: InboundMessageRepository;
  /** Stores outbound messages where the repository reads them (the application's message store). */
  readonly addOutbound: (messages: readonly OutboundMessage[]) => Promise<void>;
  /** Two accounts that exist. */
  readonly accountIds: readonly [string, string];
  /** Runs a step the way the application does (in a fresh unit of work / context). */
  readonly step: <T>(work: () => Promise<T>) => Promise<T>;
}

export const at = (minute: number, ms = 0): Date => new Date(Date.UTC(2026, 10, 21, 9, minute, 0, ms));

const KE = '+254712345678';
const NG = '+2348031234567';
const ZA = '+27821234567';

const delivered = (when: Date): DeliveryState => ({
  ...queuedDelivery(),
  status: 'delivered',
  carrierMessageIds: ['c-1'],
  partOutcomes: [{ carrierMessageId: 'c-1', outcome: 'delivered', errorCode: null, at: when }],
  sentAt: when,
  submittedAt: when,
  deliveredAt: when,
});

const rejected = (when: Date): DeliveryState => ({ ...queuedDelivery(), status: 'rejected', errorCode: 'opted_out', failedAt: when });

/** A live message of `accountId` to `phone`, delivered, created at `createdAt`. */
export function outboundMessage(accountId: string, phone: string, createdAt: Date, overrides: Partial<OutboundMessage> = {}): OutboundMessage {
  return outboundMessageFixture(accountId, { phone, createdAt, text: `Outbound at ${createdAt.toISOString()}`, carrier: 'simulator', delivery: delivered(createdAt), ...overrides });
}

/** An inbound message from `from`, attributed to `accountId`, received at `receivedAt`. */
export function inboundMessage(accountId: string | null, from: string, receivedAt: Date, overrides: Partial<InboundMessage> = {}): InboundMessage {
  return {
    id: newId('mo', receivedAt),
    accountId,
    from,
    to: '22345',
    text: `Inbound at ${receivedAt.toISOString()}`,
    carrier: 'simulator',
    carrierMessageId: null,
    receivedAt,
    ...overrides,
  };
}

export function describeInboundMessageRepositoryContract(name: string, make: () => Promise<InboundMessageRepositoryFixture>): void {
  describe(`InboundMessageRepository contract: ${name}`, () => {
    let f: InboundMessageRepositoryFixture;
    let a: string;
    let b: string;
    beforeEach(async () => {
      f = await make();
      [a, b] = f.accountIds;
    });
    const add = (message: InboundMessage) => f.step(() => f.inbound.add(message));
    const outbound = (...messages: OutboundMessage[]) => f.step(() => f.addOutbound(messages));
    const thread = (account: string, phone: string, limit = 500) => f.step(() => f.inbound.thread(account, phone, limit));
    const conversations = (account: string, limit = 500) => f.step(() => f.inbound.conversations(account, limit));
    const lastSender = (phone: string) => f.step(() => f.inbound.lastSenderTo(phone));

    describe('storing', () => {
      it('stores a message and serves it back field for field in its thread', async () => {
        const message = inboundMessage(a, KE, at(1), { text: 'Asante sana 👋🏽 ✓', to: 'TUMA', carrierMessageId: 'mo-1' });
        expect(await add(message)).to.deep.equal({ message, added: true });
        expect(await thread(a, KE)).to.deep.equal([{ id: message.id, text: message.text, direction: 'inbound', status: 'received', createdAt: at(1) }]);
      });

      it('keeps an unattributed message without showing it to any account', async () => {
        const message = inboundMessage(null, KE, at(1));
        expect(await add(message)).to.deep.equal({ message, added: true });
        expect(await thread(a, KE)).to.deep.equal([]);
        expect(await conversations(a)).to.deep.equal([]);
      });

      it('stores a carrier message once: a repeat (same carrier, same id) returns the first and adds nothing', async () => {
        const first = inboundMessage(a, KE, at(1), { carrierMessageId: 'mo-1', text: 'STOP' });
        await add(first);
        const repeat = await add(inboundMessage(b, KE, at(2), { carrierMessageId: 'mo-1', text: 'STOP again' }));
        expect(repeat).to.deep.equal({ message: first, added: false });
        const otherCarrier = await add(inboundMessage(a, KE, at(3), { carrierMessageId: 'mo-1', carrier: 'http:aggregator' }));
        expect(otherCarrier.added).to.equal(true);
        const withoutIds = [await add(inboundMessage(a, KE, at(4))), await add(inboundMessage(a, KE, at(4)))];
        expect(withoutIds.map((addition) => addition.added)).to.deep.equal([true, true]);
        expect((await thread(a, KE)).map((m) => m.createdAt)).to.deep.equal([at(1), at(3), at(4), at(4)]);
        expect(await thread(b, KE)).to.deep.equal([]);
      });

      it('stores a message once when the carrier delivers it several times at once', async () => {
        const deliveries = Array.from({ length: 6 }, (_, i) => inboundMessage(a, KE, at(i), { carrierMessageId: 'mo-concurrent' }));
        const outcomes = await Promise.all(deliveries.map((message) => add(message)));
        expect(outcomes.filter((outcome) => outcome.added)).to.have.length(1);
        const kept = outcomes.find((outcome) => outcome.added)!.message;
        for (const outcome of outcomes) expect(outcome.message).to.deep.equal(kept);
        expect(await thread(a, KE)).to.have.length(1);
      });
    });

    describe('attribution', () => {
      it('names the account of the newest live outbound message to the number, across accounts', async () => {
        expect(await lastSender(KE)).to.equal(null);
        await outbound(outboundMessage(a, KE, at(1)), outboundMessage(b, KE, at(2)), outboundMessage(a, NG, at(3)));
        expect(await lastSender(KE)).to.equal(b);
        expect(await lastSender(NG)).to.equal(a);
        await outbound(outboundMessage(a, KE, at(4)));
        expect(await lastSender(KE)).to.equal(a);
        expect(await lastSender(ZA)).to.equal(null);
      });

      it('ignores test messages and rejected ones: they never reached the phone', async () => {
        await outbound(
          outboundMessage(a, KE, at(1)),
          outboundMessage(b, KE, at(2), { environment: 'test' }),
          outboundMessage(b, KE, at(3), { delivery: rejected(at(3)) }),
          outboundMessage(b, NG, at(4), { environment: 'test' }),
        );
        expect(await lastSender(KE)).to.equal(a);
        expect(await lastSender(NG)).to.equal(null);
      });

      it('counts queued, failed and scheduled messages: they are on their way or may have reached it', async () => {
        await outbound(
          outboundMessage(a, KE, at(1)),
          outboundMessage(b, KE, at(2), { delivery: queuedDelivery(), scheduledAt: at(30) }),
          outboundMessage(a, NG, at(3)),
          outboundMessage(b, NG, at(4), { delivery: { ...rejected(at(4)), status: 'failed', errorCode: 'absent_subscriber' } }),
        );
        expect(await lastSender(KE)).to.equal(b);
        expect(await lastSender(NG)).to.equal(b);
      });
    });

    describe('conversations', () => {
      it('lists the numbers that replied, each with its newest message either way, newest activity first', async () => {
        await outbound(outboundMessage(a, KE, at(1)), outboundMessage(a, NG, at(2)), outboundMessage(a, ZA, at(3)));
        await add(inboundMessage(a, KE, at(4), { text: 'Asante' }));
        await add(inboundMessage(a, NG, at(5), { text: 'Who is this?' }));
        const reply = outboundMessage(a, KE, at(6), { text: 'Karibu!' });
        await outbound(reply);
        expect(await conversations(a)).to.deep.equal([
          { phone: KE, lastText: 'Karibu!', lastDirection: 'outbound', lastAt: at(6) },
          { phone: NG, lastText: 'Who is this?', lastDirection: 'inbound', lastAt: at(5) },
        ]);
        expect((await conversations(a, 1)).map((c) => c.phone)).to.deep.equal([KE]);
      });

      it('breaks ties of activity by number', async () => {
        await add(inboundMessage(a, NG, at(1)));
        await add(inboundMessage(a, KE, at(1)));
        await add(inboundMessage(a, ZA, at(1)));
        expect((await conversations(a)).map((c) => c.phone)).to.deep.equal([NG, KE, ZA].sort());
      });

      it("shows an account only its own conversations and its own live messages in them", async () => {
        await add(inboundMessage(a, KE, at(1), { text: 'To a' }));
        await outbound(outboundMessage(b, KE, at(2)), outboundMessage(a, KE, at(3), { environment: 'test' }));
        await add(inboundMessage(b, NG, at(4)));
        expect(await conversations(a)).to.deep.equal([{ phone: KE, lastText: 'To a', lastDirection: 'inbound', lastAt: at(1) }]);
        expect((await conversations(b)).map((c) => c.phone)).to.deep.equal([NG]);
      });
    });

    describe('threads', () => {
      it("mixes the account's inbound and live outbound messages oldest first, with their statuses", async () => {
        const first = outboundMessage(a, KE, at(1), { text: 'Your code is 1234' });
        const refused = outboundMessage(a, KE, at(3), { text: 'Offer!', delivery: rejected(at(3)) });
        await outbound(first, refused, outboundMessage(a, KE, at(4), { environment: 'test' }), outboundMessage(b, KE, at(5)), outboundMessage(a, NG, at(6)));
        const stop = inboundMessage(a, KE, at(2), { text: 'STOP' });
        await add(stop);
        await add(inboundMessage(b, KE, at(7)));
        expect(await thread(a, KE)).to.deep.equal([
          { id: first.id, text: 'Your code is 1234', direction: 'outbound', status: 'delivered', createdAt: at(1) },
          { id: stop.id, text: 'STOP', direction: 'inbound', status: 'received', createdAt: at(2) },
          { id: refused.id, text: 'Offer!', direction: 'outbound', status: 'rejected', createdAt: at(3) },
        ]);
      });

      it('keeps the newest `limit` messages, still oldest first', async () => {
        const messages = [outboundMessage(a, KE, at(1)), outboundMessage(a, KE, at(3)), outboundMessage(a, KE, at(5))];
        await outbound(...messages);
        const replies = [inboundMessage(a, KE, at(2)), inboundMessage(a, KE, at(4))];
        for (const reply of replies) await add(reply);
        expect((await thread(a, KE, 3)).map((m) => m.createdAt)).to.deep.equal([at(3), at(4), at(5)]);
        expect((await thread(a, KE, 1)).map((m) => m.id)).to.deep.equal([messages[2]!.id]);
        expect(await thread(a, KE, 10)).to.have.length(5);
      });

      it('orders messages of the same moment by id', async () => {
        const same = [outboundMessage(a, KE, at(1)), outboundMessage(a, KE, at(1))];
        await outbound(...same);
        const reply = inboundMessage(a, KE, at(1));
        await add(reply);
        const ids = [...same.map((m) => m.id), reply.id].sort();
        expect((await thread(a, KE)).map((m) => m.id)).to.deep.equal(ids);
      });

      it("is empty for a number the account never exchanged a message with, and for another account's number", async () => {
        await add(inboundMessage(b, KE, at(1)));
        expect(await thread(a, KE)).to.deep.equal([]);
        expect(await thread(a, ZA)).to.deep.equal([]);
      });
    });
  });
}
