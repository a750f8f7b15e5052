import { expect } from 'chai';
import { startMailWorld, type MailWorld } from '../../support/mail-world.ts';
import { databaseKind } from '../../support/test-database.ts';
import { ok } from '../../support/responses.ts';

interface EventView {
  type: string;
  recipient: string | null;
  reason: string | null;
}

/**
 * Sending over HTTP (docs/mail.md, "Sending"): from a domain verified against a real DNS server
 * on 127.0.0.1, through the outbox transport, whose magic recipients give each outcome.
 */
describe(`HTTP mail sending on ${databaseKind()}`, function () {
  this.timeout(60_000);
  let world: MailWorld;

  const mail: MailWorld['mail'] = (...args) => world.mail(...args);
  const send = (body: Record<string, unknown>) => world.send(body);
  const settled = (id: string, status: string) => world.settled(id, status);

  before(async () => {
    world = await startMailWorld({ domain: 'send.example.com' });
  });
  after(async () => {
    await world.stop();
  });

  it('sends through the outbox: queued, sent, delivered, with a text part derived from the html', async () => {
    const id = await send({ to: 'Amina <amina@example.org>', html: '<h1>Order KE-1042</h1><p>Shipped: <a href="https://shop.example/t/1">track it</a></p>', tags: [{ name: 'kind', value: 'receipt' }], attachments: [{ filename: 'receipt.txt', content: Buffer.from('KES 1,200').toString('base64'), content_type: 'text/plain' }] });
    expect(id).to.match(/^em_[0-9A-Z]{26}$/);
    const email = await settled(id, 'delivered');
    expect(email).to.include({ from: '"Shop" <hello@send.example.com>', subject: 'Your order' });
    expect(email.to).to.deep.equal(['"Amina" <amina@example.org>']);
    expect(email.text).to.equal('Order KE-1042\n\nShipped: track it (https://shop.example/t/1)');
    expect(email.message_id).to.be.a('string');
    expect(email.attachments).to.deep.equal([{ filename: 'receipt.txt', content_type: 'text/plain', size: 9 }]);
    expect(email.events.map((event: EventView) => [event.type, event.recipient])).to.deep.equal([
      ['queued', null],
      ['sent', 'amina@example.org'],
      ['delivered', 'amina@example.org'],
    ]);
  });

  it('records a bounce of the magic bounce@ recipient, with its reason', async () => {
    const email = await settled(await send({ to: ['bounce@example.org'], text: 'Hi' }), 'bounced');
    const bounced = email.events.find((event: EventView) => event.type === 'bounced');
    expect(bounced.recipient).to.equal('bounce@example.org');
    expect(bounced.reason).to.match(/^550 /);
  });

  it('answers 403 domain_not_verified for a from on a domain the account has not verified', async () => {
    ok(await mail('POST', '/v1/domains', { name: 'pending.example.com' }), 201);
    for (const from of ['hi@pending.example.com', 'hi@elsewhere.example.com']) {
      const refused = await mail('POST', '/v1/emails', { from, to: 'amina@example.org', subject: 'x', text: 'x' });
      expect([refused.status, refused.body.error.code], from).to.deep.equal([403, 'domain_not_verified']);
    }
  });

  it('answers 422 naming every malformed field at once', async () => {
    const refused = await mail('POST', '/v1/emails', {
      from: 'not an address',
      to: ['amina@example.org', 'nobody@', 'x@localhost'],
      reply_to: 'also bad',
      subject: '',
      attachments: [{ filename: 'a.pdf', path: 'https://files.example/a.pdf' }, { filename: 'b.txt', content: 'not base64!' }],
      headers: { Subject: 'sneaky', 'X-Ok': 'fine' },
      tags: [{ name: 'bad tag', value: 'v' }],
    });
    expect(refused.status, refused.text).to.equal(422);
    expect(refused.body.error.details.map((detail: { path: string }) => detail.path)).to.have.members([
      'from',
      'to.1',
      'to.2',
      'reply_to.0',
      'subject',
      'html',
      'attachments.0.path',
      'attachments.1.content',
      'headers.Subject',
      'tags.0.name',
    ]);
    const many = await mail('POST', '/v1/emails', { from: 'hello@send.example.com', to: Array.from({ length: 51 }, (_, i) => `r${i}@example.org`), subject: 'x', text: 'x' });
    expect([many.status, many.body.error.details[0].path]).to.deep.equal([422, 'to']);
  });

  it('sends once per Idempotency-Key: the retry gets the first answer', async () => {
    const body = { from: 'hello@send.example.com', to: 'idem@example.org', subject: 'Once', text: 'Once' };
    const headers = { 'Idempotency-Key': 'mail-send-1' };
    const first = ok(await mail('POST', '/v1/emails', body, { headers }));
    const again = await mail('POST', '/v1/emails', body, { headers });
    expect([again.status, again.body, again.headers.get('idempotent-replayed')]).to.deep.equal([200, first, 'true']);
    expect(ok(await mail('GET', '/v1/emails?to=idem@example.org')).data.map((email: { id: string }) => email.id)).to.deep.equal([first.id]);
  });

  it('schedules, cancels before the time, and refuses to cancel what is not scheduled (409)', async () => {
    const id = await send({ to: 'later@example.org', scheduled_at: new Date(Date.now() + 3_600_000).toISOString() });
    expect(ok(await mail('GET', `/v1/emails/${id}`)).status).to.equal('scheduled');
    expect(ok(await mail('POST', `/v1/emails/${id}/cancel`)).status).to.equal('cancelled');
    const again = await mail('POST', `/v1/emails/${id}/cancel`);
    expect([again.status, again.body.error.code]).to.deep.equal([409, 'not_cancellable']);
    expect(ok(await mail('GET', `/v1/emails/${id}`)).events.map((event: EventView) => event.type)).to.deep.equal(['scheduled', 'cancelled']);
  });

  it('lists newest first with filters, by cursor and by page', async () => {
    const ids = [];
    for (const n of [1, 2, 3]) ids.push(await send({ to: `list${n}@example.org`, subject: `Invoice ${n} of 100%`, tags: [{ name: 'batch', value: 'list' }] }));
    const byTag = ok(await mail('GET', '/v1/emails?tag=batch:list&limit=2'));
    expect(byTag.data.map((email: { id: string }) => email.id)).to.deep.equal([ids[2], ids[1]]);
    const next = ok(await mail('GET', `/v1/emails?tag=batch:list&limit=2&cursor=${byTag.next_cursor}`));
    expect([next.data.map((email: { id: string }) => email.id), next.next_cursor]).to.deep.equal([[ids[0]], null]);
    expect(ok(await mail('GET', '/v1/emails?tag=batch&limit=2&page=1')).data.map((email: { id: string }) => email.id)).to.deep.equal([ids[0]]);
    expect(ok(await mail('GET', '/v1/emails?q=invoice 2 of 100%25')).data.map((email: { id: string }) => email.id)).to.deep.equal([ids[1]]);
    expect(ok(await mail('GET', '/v1/emails?to=LIST3@example.org&from=hello@send.example.com')).data.map((email: { id: string }) => email.id)).to.deep.equal([ids[2]]);
    expect(ok(await mail('GET', '/v1/emails?status=cancelled&tag=batch')).data).to.deep.equal([]);
  });

  it('keeps sending to keys with send, and reading to keys with read (403 insufficient_scope)', async () => {
    const reader = ok(await mail('POST', '/v1/api-keys', { name: 'reader', permissions: ['read'] }), 201).key;
    const refused = await mail('POST', '/v1/emails', { from: 'hello@send.example.com', to: 'x@example.org', subject: 'x', text: 'x' }, { key: reader });
    expect([refused.status, refused.body.error.code]).to.deep.equal([403, 'insufficient_scope']);
    const sender = ok(await mail('POST', '/v1/api-keys', { name: 'sender', permissions: ['send'] }), 201).key;
    expect((await mail('GET', '/v1/emails', undefined, { key: sender })).status).to.equal(403);
  });
});
