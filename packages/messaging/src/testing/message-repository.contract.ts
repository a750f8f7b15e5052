/** The contract suite every MessageRepository (with its BatchRepository) must pass. */
import { expect } from 'chai';
import { Money, newId } from '@tuma/kernel';
import { queuedDelivery, type DeliveryState } from '../domain/delivery/delivery-state.ts';
import type { BatchAudience } from '../application/sending/batch-audience.port.ts';
import type { BatchRepository, MessageBatch } from '../domain/messages/message-batch.ts';
import type { MessageRepository } from '../application/messages/message.repository.port.ts';
import { OutboundMessage } from '../domain/messages/outbound-message.ts';
import { outboundMessageFixture } from './outbound-message.fixture.ts';

export interface MessageRepositoryFixture {
  /** Empty stores. */
  readonly messages: MessageRepository;
  readonly batches: BatchRepository;
  /** Writes kept batch members into `messages`. */
  readonly audience: BatchAudience;
  /** Two accounts that exist. */
  readonly accountIds: readonly [string, string];
  /** Runs a step the way the application does (in a fresh unit of work / context). */
  readonly step: <T>(work: () => Promise<T>) => Promise<T>;
}

const at = (minute: number, ms = 0): Date => new Date(Date.UTC(2026, 10, 21, 9, minute, 0, ms));
const usd = (amount: string) => Money.parse(amount, 'USD')._unsafeUnwrap();
const kes = (amount: string) => Money.parse(amount, 'KES')._unsafeUnwrap();

const message = (accountId: string, overrides: Partial<OutboundMessage> = {}): OutboundMessage => outboundMessageFixture(accountId, { createdAt: at(0), ...overrides });

function batch(accountId: string, total: number, createdAt = at(5)): MessageBatch {
  return {
    id: newId('bat', createdAt),
    accountId,
    apiKeyId: 'key_1',
    environment: 'live',
    status: 'sending',
    text: 'Hi {{name}}',
    senderId: null,
    total,
    cost: usd('0.006154').multiply(total),
    chargeEntryId: 'txn_2',
    scheduledAt: null,
    dripRate: null,
    createdAt,
  };
}

const delivered: DeliveryState = {
  status: 'delivered',
  retryCount: 1,
  errorCode: null,
  carrierMessageIds: ['c-1', 'c-2'],
  partOutcomes: [
    { carrierMessageId: 'c-2', outcome: 'delivered', errorCode: null, at: at(3, 250) },
    { carrierMessageId: 'c-1', outcome: 'delivered', errorCode: null, at: at(3, 500) },
  ],
  sentAt: at(1),
  submittedAt: at(2),
  deliveredAt: at(3, 500),
  failedAt: null,
};

export function describeMessageRepositoryContract(name: string, make: () => Promise<MessageRepositoryFixture>): void {
  describe(`MessageRepository contract: ${name}`, () => {
    let f: MessageRepositoryFixture;
    let a: string;
    let b: string;
    beforeEach(async () => {
      f = await make();
      [a, b] = f.accountIds;
    });
    const add = (...messages: OutboundMessage[]) => f.step(() => f.messages.add(messages));

    it('stores a message and serves it back field for field, to its account only', async () => {
      const m = message(a, { scheduledAt: at(30), text: 'Ünïcödé ✓ 👋🏽', encoding: 'UCS2' });
      const smart = message(a, { text: 'It\'s "done" - ok', originalText: 'It’s “done” – ok', category: 'promotional' });
      await add(smart);
      expect(await f.step(() => f.messages.find(a, smart.id))).to.deep.equal(smart);
      await add(m);
      expect(await f.step(() => f.messages.find(a, m.id))).to.deep.equal(m);
      expect(await f.step(() => f.messages.find(b, m.id))).to.equal(undefined);
      expect(await f.step(() => f.messages.findMany(a, [m.id, 'msg_unknown', m.id]))).to.deep.equal([m]);
      expect(await f.step(() => f.messages.findMany(b, [m.id]))).to.deep.equal([]);
    });

    it('writes the delivery state and the carrier, and finds a message by a carrier id of its parts', async () => {
      const m = message(a);
      await add(m);
      const moved = OutboundMessage.rehydrate({ ...m, carrier: 'simulator', delivery: delivered });
      await f.step(() => f.messages.saveDelivery([moved]));
      expect(await f.step(() => f.messages.find(a, m.id))).to.deep.equal(moved);
      expect(await f.step(() => f.messages.lockByCarrierMessageId('simulator', 'c-2'))).to.deep.equal(moved);
      expect(await f.step(() => f.messages.lockByCarrierMessageId('smpp:other', 'c-2'))).to.equal(undefined);
      expect(await f.step(() => f.messages.lockByIds([m.id, 'msg_unknown']))).to.deep.equal([moved]);
      expect(await f.step(() => f.messages.findByIds([m.id, 'msg_unknown', m.id])), 'unlocked').to.deep.equal([moved]);
      expect(await f.step(() => f.messages.findByCarrierMessageId('simulator', 'c-1')), 'unlocked').to.deep.equal(moved);
      expect(await f.step(() => f.messages.findByCarrierMessageId('simulator', 'c-3'))).to.equal(undefined);
    });

    it('finds a message by carrier id through every rewrite (accepted, its receipts, a retry accepted anew), and one added already accepted', async () => {
      const m = message(a);
      const restored = OutboundMessage.rehydrate({ ...message(a), carrier: 'simulator', delivery: { ...delivered, carrierMessageIds: ['r-1'] } });
      await add(m, restored);
      const sent: DeliveryState = { ...queuedDelivery(), status: 'sent', sentAt: at(1) };
      const accepted = OutboundMessage.rehydrate({ ...m, carrier: 'simulator', delivery: { ...sent, status: 'submitted', carrierMessageIds: ['c-1'], submittedAt: at(2) } });
      await f.step(() => f.messages.saveDeliveryIfUnchanged([{ before: OutboundMessage.rehydrate({ ...m, delivery: sent }), after: accepted }]));
      const receipt = { carrierMessageId: 'c-1', outcome: 'delivered' as const, errorCode: null, at: at(3) };
      const received = OutboundMessage.rehydrate({ ...accepted, delivery: { ...accepted.delivery, status: 'delivered', partOutcomes: [receipt], deliveredAt: at(3) } });
      await f.step(() => f.messages.saveDelivery([received]));
      await f.step(() => f.messages.saveDelivery([received]));
      expect(await f.step(() => f.messages.lockByCarrierMessageId('simulator', 'c-1'))).to.deep.equal(received);
      expect(await f.step(() => f.messages.lockByCarrierMessageId('simulator', 'r-1'))).to.deep.equal(restored);
      const resent = OutboundMessage.rehydrate({ ...received, carrier: 'smpp:other', delivery: { ...received.delivery, retryCount: 1, carrierMessageIds: ['c-1', 'c-7'] } });
      await f.step(() => f.messages.saveDelivery([resent]));
      expect(await f.step(() => f.messages.lockByCarrierMessageId('smpp:other', 'c-7'))).to.deep.equal(resent);
      expect(await f.step(() => f.messages.lockByCarrierMessageId('smpp:other', 'c-1'))).to.deep.equal(resent);
      expect(await f.step(() => f.messages.lockByCarrierMessageId('simulator', 'c-1')), 'no longer its carrier').to.equal(undefined);
    });

    it('writes a delivery only where the row is still as its writer read it (status, retries, part outcomes), and says which', async () => {
      const sent: DeliveryState = { ...queuedDelivery(), status: 'sent', sentAt: at(1) };
      const [kept, received, retried] = [message(a, { delivery: sent }), message(a, { delivery: sent }), message(a, { delivery: sent })];
      await add(kept, received, retried);
      const receipt = { carrierMessageId: 'c-9', outcome: 'delivered' as const, errorCode: null, at: at(2) };
      await f.step(() => f.messages.saveDelivery([OutboundMessage.rehydrate({ ...received, delivery: { ...sent, partOutcomes: [receipt] } }), OutboundMessage.rehydrate({ ...retried, delivery: { ...sent, retryCount: 1 } })]));
      const accepted = (m: OutboundMessage): OutboundMessage => OutboundMessage.rehydrate({ ...m, carrier: 'simulator', delivery: { ...sent, status: 'submitted', carrierMessageIds: ['c-1'], submittedAt: at(2) } });
      const written = await f.step(() => f.messages.saveDeliveryIfUnchanged([kept, received, retried, message(b)].map((m) => ({ before: m, after: accepted(m) }))));
      expect([...written]).to.deep.equal([kept.id]);
      expect(await f.step(() => f.messages.find(a, kept.id))).to.deep.equal(accepted(kept));
      expect((await f.step(() => f.messages.find(a, received.id)))!.delivery.partOutcomes, 'a receipt came first: left alone').to.deep.equal([receipt]);
      expect((await f.step(() => f.messages.find(a, retried.id)))!.delivery.status).to.equal('sent');
      const again = OutboundMessage.rehydrate({ ...received, delivery: { ...sent, partOutcomes: [receipt] } });
      expect([...(await f.step(() => f.messages.saveDeliveryIfUnchanged([{ before: again, after: accepted(again) }])))], 'as read with its receipt').to.deep.equal([received.id]);
    });

    it('finds a recent duplicate by account, environment, number and exact text, not a failed or rejected one', async () => {
      const sent = message(a, { createdAt: at(10) });
      const failed = message(a, { createdAt: at(11), text: 'Failed one', delivery: { ...queuedDelivery(), status: 'failed', errorCode: 'no_route', failedAt: at(11) } });
      await add(sent, failed);
      const key = { accountId: a, environment: 'live' as const, phone: sent.phone, text: sent.text };
      const found = await f.step(() =>
        f.messages.findRecentDuplicates([
          { key, since: at(6) },
          { key, since: at(10, 1) },
          { key: { ...key, text: 'Habari ' }, since: at(6) },
          { key: { ...key, environment: 'test' }, since: at(6) },
          { key: { ...key, accountId: b }, since: at(6) },
          { key: { ...key, text: 'Failed one' }, since: at(6) },
          { key, since: at(5) },
        ]),
      );
      expect(found.map((m) => m?.id)).to.deep.equal([sent.id, undefined, undefined, undefined, undefined, undefined, sent.id]);
      expect(await f.step(() => f.messages.findRecentDuplicates([]))).to.deep.equal([]);
    });

    it('lists newest first with every filter, a page and the total', async () => {
      const old = message(a, { createdAt: at(1), phone: '+254700000001' });
      const mid = message(a, { createdAt: at(2), environment: 'test' });
      const rejected = message(a, { createdAt: at(3), delivery: { ...queuedDelivery(), status: 'rejected', errorCode: 'opted_out', failedAt: at(3) } });
      const newest = message(a, { createdAt: at(4) });
      await add(old, mid, rejected, newest, message(b, { createdAt: at(5) }));
      const list = (query: Partial<Parameters<MessageRepository['list']>[0]>) =>
        f.step(() => f.messages.list({ accountId: a, environment: 'live', page: 0, limit: 10, ...query }));
      const ids = async (query: Partial<Parameters<MessageRepository['list']>[0]>) => (await list(query)).messages.map((m) => m.id);
      expect(await ids({})).to.deep.equal([newest.id, rejected.id, old.id]);
      expect(await ids({ environment: null })).to.deep.equal([newest.id, rejected.id, mid.id, old.id]);
      expect(await ids({ environment: 'test' })).to.deep.equal([mid.id]);
      expect(await ids({ status: 'rejected' })).to.deep.equal([rejected.id]);
      expect(await ids({ phone: '+254700000001' })).to.deep.equal([old.id]);
      expect(await ids({ from: at(2), to: at(4) }), 'from included, to excluded').to.deep.equal([rejected.id]);
      expect(await ids({ from: at(3), to: at(3) })).to.deep.equal([]);
      const page = await list({ page: 1, limit: 2 });
      expect(page.total).to.equal(3);
      expect(page.messages.map((m) => m.id)).to.deep.equal([old.id]);
    });

    it('keeps batch members by position: ranges, totals per status and cost, members newest first', async () => {
      const bat = batch(a, 5);
      await f.step(() => f.batches.add(bat));
      expect(await f.step(() => f.batches.find(a, bat.id))).to.deep.equal(bat);
      expect(await f.step(() => f.batches.find(b, bat.id))).to.equal(undefined);
      const members = Array.from({ length: 5 }, (_, seq) => message(a, { batchId: bat.id, batchSeq: seq, createdAt: bat.createdAt, phone: `+25471100000${seq}` }));
      await add(...members);
      await f.step(() => f.messages.saveDelivery([OutboundMessage.rehydrate({ ...members[1]!, carrier: 'simulator', delivery: delivered })]));
      expect((await f.step(() => f.messages.lockBatchRange(bat.id, 1, 3))).map((m) => m.batchSeq)).to.deep.equal([1, 2, 3]);
      const totals = await f.step(() => f.messages.batchTotals(a, bat.id));
      expect(totals.total).to.equal(5);
      expect(totals.counts).to.deep.equal({ queued: 4, delivered: 1 });
      expect(totals.cost?.toDecimalString()).to.equal(usd('0.006154').multiply(5).toDecimalString());
      expect(await f.step(() => f.messages.batchTotals(b, bat.id))).to.deep.equal({ total: 0, counts: {}, cost: null });
      const page = await f.step(() => f.messages.batchMembers(a, bat.id, 0, 2));
      expect(page.map((m) => m.batchSeq)).to.deep.equal([4, 3]);
      expect((await f.step(() => f.messages.batchMembers(a, bat.id, 2, 2))).map((m) => m.batchSeq)).to.deep.equal([0]);
    });

    it("lists an account's batches newest first, by page, never another account's", async () => {
      const older = batch(a, 2, at(1));
      const newer = { ...batch(a, 3, at(3)), status: 'scheduled' as const, scheduledAt: at(60) };
      await f.step(() => f.batches.add(older));
      await f.step(() => f.batches.add(newer));
      await f.step(() => f.batches.add(batch(b, 1, at(2))));
      expect(await f.step(() => f.batches.list(a, 0, 10))).to.deep.equal([newer, older]);
      expect((await f.step(() => f.batches.list(a, 1, 1))).map((x) => x.id)).to.deep.equal([older.id]);
      expect(await f.step(() => f.batches.list(a, 2, 10))).to.deep.equal([]);
    });

    it('keeps a batch audience and writes each chunk overlapping a range once, with the batch fields, the text of each member', async () => {
      const bat = { ...batch(a, 1_200), scheduledAt: at(40) };
      await f.step(() => f.batches.add(bat));
      const members = Array.from({ length: 1_200 }, (_, seq) =>
        message(a, {
          batchId: bat.id,
          batchSeq: seq,
          createdAt: bat.createdAt,
          scheduledAt: bat.scheduledAt,
          chargeEntryId: bat.chargeEntryId,
          phone: `+2547${String(seq).padStart(8, '0')}`,
          text: seq % 2 === 0 ? bat.text : `Hi member ${seq}`,
          routeCost: seq === 7 ? kes('1.6') : kes('0.8'),
          segments: seq === 7 ? 2 : 1,
        }),
      );
      await f.step(() => f.audience.keep(bat, members));
      expect((await f.step(() => f.messages.batchTotals(a, bat.id))).total).to.equal(0);
      expect(await f.step(() => f.audience.materialize(bat.id, 490, 510))).to.equal(1_000);
      expect(await f.step(() => f.audience.materialize(bat.id, 0, 999))).to.equal(0);
      const written = await f.step(() => f.messages.lockBatchRange(bat.id, 0, 1_199));
      expect(written.map((m) => m.batchSeq)).to.deep.equal(Array.from({ length: 1_000 }, (_, i) => i));
      expect(written[7]).to.deep.equal(members[7]);
      expect(written[8]).to.deep.equal(members[8]);
      expect(await f.step(() => f.audience.materialize(bat.id, 1_100, 5_000))).to.equal(200);
      expect((await f.step(() => f.messages.batchTotals(a, bat.id))).counts).to.deep.equal({ queued: 1_200 });
    });

    it('makes kept members storable (NUL and lone surrogates as U+FFFD) so that their chunk can be written', async () => {
      const bat = batch(a, 3);
      await f.step(() => f.batches.add(bat));
      const texts = ['Hi \u0000 there', 'Bye \ud800', 'Fine'];
      const members = texts.map((text, seq) => message(a, { batchId: bat.id, batchSeq: seq, createdAt: bat.createdAt, chargeEntryId: bat.chargeEntryId, phone: `+25471100000${seq}`, text }));
      await f.step(() => f.audience.keep(bat, members));
      await f.step(() => f.audience.makeStorable(bat.id, 0, 2));
      expect(await f.step(() => f.audience.materialize(bat.id, 0, 2))).to.equal(3);
      const written = await f.step(() => f.messages.lockBatchRange(bat.id, 0, 2));
      expect(written.map((m) => m.text)).to.deep.equal(['Hi \uFFFD there', 'Bye \uFFFD', 'Fine']);
    });

    it('adds thousands of messages in one call', async () => {
      const bat = batch(a, 12_000);
      await f.step(() => f.batches.add(bat));
      const members = Array.from({ length: 12_000 }, (_, seq) =>
        message(a, { batchId: bat.id, batchSeq: seq, createdAt: bat.createdAt, phone: `+2547${String(seq).padStart(8, '0')}` }),
      );
      await add(...members);
      expect((await f.step(() => f.messages.batchTotals(a, bat.id))).counts).to.deep.equal({ queued: 12_000 });
      expect((await f.step(() => f.messages.lockBatchRange(bat.id, 11_990, 12_500))).length).to.equal(10);
    });
  });
}
