import { expect } from 'chai';
import { isId } from '@tuma/kernel';
import { FakeClock } from '@tuma/kernel/testing';
import { ImmediateUnitOfWork } from '@tuma/kernel/testing';
import { GetConversation, ListConversations, ReceiveInboundMessage, type InboundSms, type OutboundMessage } from '../src/index.ts';
import { InMemoryInboundMessageRepository, InMemoryOptOutList, RecordingEventPublisher } from '../src/testing/index.ts';
import { at, outboundMessage } from '../src/testing/inbound-message-repository.contract.ts';

const A = 'acc_a';
const B = 'acc_b';
const KE = '+254712345678';

function inboundWorld() {
  const clock = new FakeClock(at(10));
  const outbound: OutboundMessage[] = [];
  const inbound = new InMemoryInboundMessageRepository(() => outbound);
  const optOuts = new InMemoryOptOutList();
  const events = new RecordingEventPublisher();
  const receive = new ReceiveInboundMessage(inbound, optOuts, events, new ImmediateUnitOfWork(), clock);
  const sms = (text: string, overrides: Partial<InboundSms> = {}): InboundSms => ({ from: '254712345678', to: '22345', text, carrier: 'smpp:test', ...overrides });
  const take = async (text: string, overrides: Partial<InboundSms> = {}) => (await receive.execute(sms(text, overrides)))._unsafeUnwrap();
  return { clock, outbound, inbound, optOuts, events, receive, sms, take };
}

describe('ReceiveInboundMessage', () => {
  it('stores a reply as received, attributed to the account that last messaged the number, and publishes message.inbound', async () => {
    const w = inboundWorld();
    w.outbound.push(outboundMessage(B, KE, at(1)), outboundMessage(A, KE, at(2)));
    const received = await w.take('Asante!', { carrierMessageId: 'mo-1', receivedAt: at(5) });
    expect(isId('mo', received.message.id)).to.equal(true);
    expect(received).to.deep.equal({
      message: { id: received.message.id, accountId: A, from: KE, to: '22345', text: 'Asante!', carrier: 'smpp:test', carrierMessageId: 'mo-1', receivedAt: at(5) },
      duplicate: false,
      keyword: null,
    });
    expect(w.events.events).to.have.length(1);
    const [event] = w.events.events;
    expect(isId('evt', event!.id)).to.equal(true);
    expect(event).to.deep.include({ accountId: A, kind: 'mo', type: 'message.inbound', createdAt: at(5) });
    expect(event!.payload).to.deep.equal({ event: 'message.inbound', message_id: received.message.id, from: KE, to: '22345', text: 'Asante!', keyword: null, opt_out: false });
    expect(await w.optOuts.list(A, 10)).to.deep.equal([]);
  });

  it('puts the number on the account\'s opt-out list for a STOP keyword, with source sms and the keyword', async () => {
    const w = inboundWorld();
    w.outbound.push(outboundMessage(A, KE, at(1)));
    const received = await w.take(' opt out! ');
    expect(received.keyword).to.deep.equal({ keyword: 'OPT OUT', action: 'opt_out' });
    expect(await w.optOuts.list(A, 10)).to.deep.equal([{ accountId: A, phone: KE, source: 'sms', keyword: 'OPT OUT', createdAt: at(10) }]);
    expect(await w.optOuts.isOptedOut(B, KE)).to.equal(false);
    expect(w.events.events[0]!.payload).to.include({ keyword: 'OPT OUT', opt_out: true, text: ' opt out! ' });
  });

  it('takes the number off the list for a START keyword, and says so in the event', async () => {
    const w = inboundWorld();
    w.outbound.push(outboundMessage(A, KE, at(1)));
    await w.take('STOP');
    expect(await w.optOuts.isOptedOut(A, KE)).to.equal(true);
    await w.take('Start');
    expect(await w.optOuts.isOptedOut(A, KE)).to.equal(false);
    expect(w.events.events.map((e) => [e.payload.keyword, e.payload.opt_out])).to.deep.equal([
      ['STOP', true],
      ['START', false],
    ]);
  });

  it('keeps a message from a number no account messaged, and does nothing else with it', async () => {
    const w = inboundWorld();
    const received = await w.take('STOP');
    expect(received.message.accountId).to.equal(null);
    expect(received.keyword?.action).to.equal('opt_out');
    expect(w.events.events).to.deep.equal([]);
    expect(await w.inbound.thread(A, KE, 10)).to.deep.equal([]);
  });

  it('does nothing again for a repeat of a message (same carrier and carrier id)', async () => {
    const w = inboundWorld();
    w.outbound.push(outboundMessage(A, KE, at(1)));
    const stop = await w.take('STOP', { carrierMessageId: 'mo-1' });
    await w.take('START', { carrierMessageId: 'mo-2' });
    const repeat = await w.take('STOP', { carrierMessageId: 'mo-1' });
    expect(repeat).to.deep.equal({ ...stop, duplicate: true });
    expect(await w.optOuts.isOptedOut(A, KE)).to.equal(false);
    expect(w.events.events).to.have.length(2);
  });

  it('uses its clock when the gateway gives no time', async () => {
    const w = inboundWorld();
    w.clock.set(at(42));
    expect((await w.take('Hi')).message.receivedAt).to.deep.equal(at(42));
  });

  it('refuses what can never be stored, and stores nothing of it', async () => {
    const w = inboundWorld();
    w.outbound.push(outboundMessage(A, KE, at(1)));
    const notANumber = (await w.receive.execute(w.sms('STOP', { from: 'MPESA' })))._unsafeUnwrapErr();
    expect(notANumber).to.deep.include({ type: 'invalid_phone_number' });
    const bad = (await w.receive.execute(w.sms('x'.repeat(4097), { to: ' ', carrier: '', carrierMessageId: '' })))._unsafeUnwrapErr();
    expect(bad.type).to.equal('validation_error');
    expect('details' in bad && bad.details.map((d) => d.path)).to.deep.equal(['to', 'text', 'carrier', 'carrier_message_id']);
    expect(await w.inbound.thread(A, KE, 10)).to.have.length(1);
    expect(w.events.events).to.deep.equal([]);
  });

  it('stores a text PostgreSQL could not hold with replacement characters instead of losing it', async () => {
    const w = inboundWorld();
    expect((await w.take('a\u0000b\uD800c')).message.text).to.equal('a\uFFFDb\uFFFDc');
  });
});

describe('ListConversations and GetConversation', () => {
  async function withExchange() {
    const w = inboundWorld();
    w.outbound.push(outboundMessage(A, KE, at(1), { text: 'Hello' }));
    await w.take('Hi back', { receivedAt: at(2) });
    return { ...w, list: new ListConversations(w.inbound), get: new GetConversation(w.inbound) };
  }

  it('lists the repliers and reads a thread by a number spelt any way', async () => {
    const w = await withExchange();
    expect((await w.list.execute({ accountId: A, environment: 'live' }))._unsafeUnwrap()).to.deep.equal([
      { phone: KE, lastText: 'Hi back', lastDirection: 'inbound', lastAt: at(2) },
    ]);
    for (const phone of ['254712345678', '+254 712 345 678', '00254712345678']) {
      const conversation = (await w.get.execute({ accountId: A, environment: 'live', phone }))._unsafeUnwrap();
      expect(conversation.phone).to.equal(KE);
      expect(conversation.messages.map((m) => [m.direction, m.text])).to.deep.equal([
        ['outbound', 'Hello'],
        ['inbound', 'Hi back'],
      ]);
    }
  });

  it('shows a test key nothing: replies only come to live messages', async () => {
    const w = await withExchange();
    expect((await w.list.execute({ accountId: A, environment: 'test' }))._unsafeUnwrap()).to.deep.equal([]);
    expect((await w.get.execute({ accountId: A, environment: 'test', phone: KE }))._unsafeUnwrap()).to.deep.equal({ phone: KE, messages: [] });
  });

  it('checks the limits and the number', async () => {
    const w = await withExchange();
    for (const limit of [0, 501, 1.5]) {
      expect((await w.list.execute({ accountId: A, environment: 'live', limit }))._unsafeUnwrapErr()).to.deep.include({ type: 'validation_error' });
      expect((await w.get.execute({ accountId: A, environment: 'live', phone: KE, limit }))._unsafeUnwrapErr()).to.deep.include({ type: 'validation_error' });
    }
    expect((await w.list.execute({ accountId: A, environment: 'live', limit: 500 })).isOk()).to.equal(true);
    const invalid = (await w.get.execute({ accountId: A, environment: 'live', phone: '0712345678' }))._unsafeUnwrapErr();
    expect(invalid).to.deep.include({ type: 'invalid_phone_number' });
  });
});
