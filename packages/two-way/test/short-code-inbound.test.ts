import { expect } from 'chai';
import type { RequestServiceInput } from '../src/index.ts';
import { twoWayWorld } from './support/two-way-world.ts';

type World = Awaited<ReturnType<typeof twoWayWorld>>;
const TEXTER = '+256772123456';

/** An approved Ugandan service of `accountId` (shared on 6000 when a keyword is given, else dedicated from the pool). */
async function approved(w: World, accountId: string, changes: Partial<RequestServiceInput> = {}, settings: Record<string, unknown> = {}) {
  const requested = (await w.service.requestService.execute({
    accountId, countryCode: 'UG', type: changes.keyword ? 'shared' : 'dedicated', useCase: 'Orders', companyName: 'Acme', kycDocumentUrls: ['https://docs.example/kyc.pdf'], ...changes,
  }))._unsafeUnwrap();
  (await w.service.approveService.execute({ id: requested.id }))._unsafeUnwrap();
  if (Object.keys(settings).length > 0) (await w.service.updateService.execute({ accountId, id: requested.id, ...settings }))._unsafeUnwrap();
  return (await w.repository.find(requested.id))!;
}

const receive = (w: World, to: string, text: string, carrierMessageId = `c-${text}`) =>
  w.messaging.receiveInboundMessage.execute({ from: TEXTER, to, text, carrier: 'smpp:test', carrierMessageId });

const log = async (w: World, serviceId: number) => (await w.messageLog.list(serviceId, 50)).messages;
/** The webhooks sent so far (the in-memory SMS core records them; two-way may not import the engine's testing kit). */
const posts = async (w: World) => {
  await w.ports.jobs.runDue();
  return (w.ports.webhookSender as unknown as { readonly posts: readonly { url: string; body: string }[] }).posts.map((post) => ({ url: post.url, body: JSON.parse(post.body) as Record<string, unknown> }));
};

describe('two-way inbound to short codes and replies (in-memory world)', () => {
  it('routes a shared code by its first word in any case: stored, billed at the inbound price, signed event with the two_way block, copy by mail, auto-reply billed per segment', async () => {
    const w = await twoWayWorld();
    const accountId = await w.account('1000000');
    const service = await approved(w, accountId, { keyword: 'PIZZA', webhookUrl: 'https://hooks.example.com/pizza' }, { autoReplyEnabled: true, autoReplyText: 'Order received!', forwardEmail: 'ops@acme.example' });
    const before = await w.balance(accountId);
    const received = (await receive(w, '6000', 'pizza large please'))._unsafeUnwrap();
    expect(received.message.accountId).to.equal(accountId);

    const [reply, inbound] = await log(w, service.id);
    expect(inbound).to.deep.include({ id: received.message.id, direction: 'inbound', keyword: 'PIZZA', phone: TEXTER, status: 'received', billed: true, autoReply: false });
    // UGX 30 a segment at USD 1 = UGX 3,700 is USD 0.008108; at USD 1 = KES 129, KES 1.045932.
    expect(inbound!.cost.toDecimalString()).to.equal('1.045932');
    expect(reply).to.deep.include({ direction: 'outbound', from: '6000', to: TEXTER, text: 'Order received!', autoReply: true, billed: null });
    expect(reply!.cost.toDecimalString(), 'one segment at the outbound rate').to.equal('1.045932');
    const entries = await w.entries(accountId);
    expect(entries.filter((e) => e.reference === `two-way:in:${received.message.id}`).map((e) => e.amount.toDecimalString())).to.deep.equal(['-1.045932']);
    expect(await w.balance(accountId)).to.equal((Number(before) - 2 * 1.045932).toFixed(6));

    await w.ports.jobs.runDue();
    const sent = w.carrier.submissions.find((s) => s.to === TEXTER)!;
    expect([sent.from, sent.text]).to.deep.equal(['6000', 'Order received!']);
    expect(w.mails).to.have.length(1);
    expect(w.mails[0]).to.deep.include({ to: 'ops@acme.example' });
    expect(w.mails[0]!.text).to.contain('pizza large please');

    const [event] = (await posts(w)).filter((p) => p.body.event === 'message.inbound');
    expect(event!.url).to.equal('https://hooks.example.com/pizza');
    expect(event!.body).to.deep.include({ message_id: received.message.id, from: TEXTER, to: '6000', text: 'pizza large please', keyword: null, opt_out: false });
    expect(event!.body.two_way).to.deep.equal({ service_id: service.id, number: '6000', keyword: 'PIZZA', type: 'shared', toll_free: false });
  });

  it('takes every text on a dedicated code; a repeated delivery is charged once; a poor wallet leaves it stored, billed false', async () => {
    const w = await twoWayWorld();
    const accountId = await w.account('200000');
    const service = await approved(w, accountId);
    expect(service.number).to.equal('6100');
    await receive(w, '6100', 'Hello there', 'same-id');
    await receive(w, '6100', 'Hello there', 'same-id');
    expect((await log(w, service.id)).map((m) => m.billed)).to.deep.equal([true]);
    (await w.ports.walletLedger.charge({ accountId, amount: (await w.ports.walletLedger.balance(accountId))._unsafeUnwrap()!.balance, reason: 'spent elsewhere', reference: 'drain' }))._unsafeUnwrap();
    w.clock.advance(60_000);
    await receive(w, '6100', 'Are you there?');
    const [unbilled] = await log(w, service.id);
    expect(unbilled).to.deep.include({ text: 'Are you there?', billed: false });
    expect(unbilled!.cost.isZero()).to.equal(true);
  });

  it('reads STOP after the keyword on a shared code and alone on a dedicated one, and sends no auto-reply to it', async () => {
    const w = await twoWayWorld();
    const accountId = await w.account('1000000');
    const shared = await approved(w, accountId, { keyword: 'NEWS' }, { autoReplyEnabled: true, autoReplyText: 'Thanks' });
    const received = (await receive(w, '6000', 'news stop'))._unsafeUnwrap();
    expect(received.keyword).to.deep.equal({ keyword: 'STOP', action: 'opt_out' });
    expect(await w.ports.optOutList.isOptedOut(accountId, TEXTER)).to.equal(true);
    expect((await log(w, shared.id)).map((m) => m.direction)).to.deep.equal(['inbound']);
    await receive(w, '6000', 'NEWS START');
    expect(await w.ports.optOutList.isOptedOut(accountId, TEXTER)).to.equal(false);
    const unknown = (await receive(w, '6000', 'WEATHER today'))._unsafeUnwrap();
    expect(unknown.message.accountId, 'no service has the keyword: the SMS pipeline attributes it (to the last sender, here the auto-reply)').to.equal(accountId);
    expect((await log(w, shared.id)).some((m) => m.text === 'WEATHER today')).to.equal(false);
  });

  it('a suspended service stores and bills, but neither forwards, mails nor auto-replies', async () => {
    const w = await twoWayWorld();
    const accountId = await w.account('1000000');
    const service = await approved(w, accountId, {}, { autoReplyEnabled: true, autoReplyText: 'Thanks', forwardEmail: 'ops@acme.example', webhookUrl: 'https://hooks.example.com/x' });
    (await w.service.suspendService.execute({ id: service.id, suspended: true }))._unsafeUnwrap();
    await receive(w, '6100', 'anyone?');
    expect((await log(w, service.id)).map((m) => [m.direction, m.billed])).to.deep.equal([['inbound', true]]);
    expect(w.mails).to.deep.equal([]);
    expect((await posts(w)).filter((p) => p.body.event === 'message.inbound')).to.deep.equal([]);
    await w.ports.jobs.runDue();
    expect(w.carrier.submissions, 'no auto-reply').to.deep.equal([]);
  });

  it("redelivers a message.inbound to its service's webhook_url as it is now; a service no longer serving leaves it to the account's mo_url", async () => {
    const w = await twoWayWorld();
    const accountId = await w.account('1000000');
    const service = await approved(w, accountId, { keyword: 'PIZZA', webhookUrl: 'https://hooks.example.com/old' });
    const received = (await receive(w, '6000', 'pizza please'))._unsafeUnwrap();
    const [event] = (await posts(w)).filter((p) => p.body.event === 'message.inbound');
    expect(event!.url).to.equal('https://hooks.example.com/old');
    const owner = { accountId, environment: 'live' as const };
    const delivery = (await w.ports.webhookDeliveryRepository.list({ ...owner, products: ['two-way'] }, 0, 10)).deliveries[0]!.delivery;
    expect(delivery.body).to.include(received.message.id);

    (await w.service.updateService.execute({ accountId, id: service.id, webhookUrl: 'https://hooks.example.com/new' }))._unsafeUnwrap();
    const redelivered = (await w.messaging.redeliverWebhook.execute({ owner, eventId: delivery.eventId }))._unsafeUnwrap();
    expect(redelivered.delivery.url, 'the URL fixed since').to.equal('https://hooks.example.com/new');

    (await w.service.suspendService.execute({ id: service.id, suspended: true }))._unsafeUnwrap();
    const refused = await w.messaging.redeliverWebhook.execute({ owner, eventId: delivery.eventId });
    expect(refused._unsafeUnwrapErr(), 'no mo_url to fall back on').to.include({ type: 'conflict' });
  });

  it('replies from an active service only, to its own country, never to opted-out numbers, at the account’s own SMS price where it has one, and hides other accounts’ services', async () => {
    const w = await twoWayWorld();
    const accountId = await w.account('1000000');
    const service = await approved(w, accountId);
    const reply = (to: string, account = accountId) => w.service.reply.execute({ accountId: account, id: service.id, to, text: 'Your order shipped', environment: 'live', apiKeyId: null });
    const sent = (await reply(TEXTER))._unsafeUnwrap();
    expect([sent.message.senderId, sent.message.segments, sent.message.cost.toDecimalString()]).to.deep.equal(['6100', 1, '1.045932']);
    expect((await log(w, service.id))[0]).to.deep.include({ id: sent.message.id, direction: 'outbound', autoReply: false });
    expect((await reply('+254712345678'))._unsafeUnwrapErr().type).to.equal('unroutable');
    expect((await reply(TEXTER, await w.account('0')))._unsafeUnwrapErr().type).to.equal('not_found');
    await w.ports.optOutList.add(accountId, '+256772000111', { source: 'api', keyword: null }, w.clock.now());
    expect((await reply('+256772000111'))._unsafeUnwrapErr().type).to.equal('recipient_opted_out');
    const custom = (await w.service.setAccountSmsPrice.execute({ accountId, countryCode: 'ug', priceUsd: '0.01' }))._unsafeUnwrap();
    expect([custom.priceSource, custom.priceUsd?.toDecimalString()]).to.deep.equal(['custom', '0.010000']);
    const atCustom = (await w.service.reply.execute({ accountId, id: service.id, to: TEXTER, text: 'Two segments? No: one, at the account price', environment: 'live', apiKeyId: null }))._unsafeUnwrap();
    expect(atCustom.message.cost.toDecimalString(), 'USD 0.01 at KES 129').to.equal('1.290000');
    expect((await w.service.setAccountSmsPrice.execute({ accountId: 'acc_nobody', countryCode: 'UG', priceUsd: '0.01' }))._unsafeUnwrapErr().type).to.equal('not_found');
    expect((await w.service.setAccountSmsPrice.execute({ accountId, countryCode: 'UG', priceUsd: '-1' }))._unsafeUnwrapErr().type).to.equal('validation_error');
    (await w.service.suspendService.execute({ id: service.id, suspended: true }))._unsafeUnwrap();
    expect((await reply(TEXTER))._unsafeUnwrapErr()).to.deep.include({ type: 'service_not_active', status: 'suspended' });
  });
});
