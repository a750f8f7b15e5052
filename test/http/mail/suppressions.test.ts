import { expect } from 'chai';
import { startMailWorld, type MailWorld } from '../../support/mail-world.ts';
import { ok, refused } from '../../support/responses.ts';
import { databaseKind } from '../../support/test-database.ts';
import { until } from '../../support/until.ts';

interface EventView {
  type: string;
  recipient: string | null;
  reason: string | null;
}

const steps = (email: { events: EventView[] }) => email.events.map((event) => [event.type, event.recipient, event.type === 'failed' ? event.reason : null]);

/** The suppression list over HTTP (docs/mail.md, "Suppressions"): filled by the outbox's magic bounces and complaints, respected by sends. */
describe(`HTTP mail suppressions on ${databaseKind()}`, function () {
  this.timeout(60_000);
  let world: MailWorld;

  const list = async (query = '') => ok(await world.mail('GET', `/v1/suppressions${query}`));
  const suppressedAs = (email: string) => until(`${email} suppressed`, () => list(), (page) => page.data.some((s: { email: string }) => s.email === email));

  before(async () => {
    world = await startMailWorld({ domain: 'suppress.example.com' });
  });
  after(async () => {
    await world.stop();
  });

  it('suppresses a hard bounce and a complaint, with the email and the reply that did it', async () => {
    const bounced = await world.send({ to: 'Bounce@Example.org', text: 'Hi' });
    const complained = await world.send({ to: 'complaint@example.org', text: 'Hi' });
    await world.settled(complained, 'complained');
    await suppressedAs('bounce@example.org');
    const page = await list();
    expect(page.data.map((s: Record<string, unknown>) => [s.email, s.reason, s.email_id])).to.deep.equal([
      ['complaint@example.org', 'complaint', complained],
      ['bounce@example.org', 'hard_bounce', bounced],
    ]);
    expect(page.data[1].detail).to.match(/^550 5\.1\.1 /);
    expect(page.data[0].id).to.match(/^sup_[0-9A-Z]{26}$/);
    expect(page.next_cursor).to.equal(null);
  });

  it('drops a suppressed recipient with a failed event (reason suppressed) and sends to the others', async () => {
    await suppressedAs('bounce@example.org');
    const id = await world.send({ to: ['bounce@example.org', 'amina@example.org'], text: 'Hi' });
    const email = await world.settled(id, 'delivered');
    expect(steps(email)).to.have.deep.members([
      ['queued', null, null],
      ['failed', 'bounce@example.org', 'suppressed'],
      ['sent', 'amina@example.org', null],
      ['delivered', 'amina@example.org', null],
    ]);
  });

  it('answers 200 with the id when every recipient is suppressed: the email is failed at once and nothing is sent', async () => {
    await suppressedAs('bounce@example.org');
    const id = await world.send({ to: 'bounce@example.org', cc: 'Complaint@Example.org', text: 'Hi' });
    const email = ok(await world.mail('GET', `/v1/emails/${id}`));
    expect(email.status).to.equal('failed');
    expect(steps(email)).to.have.deep.members([
      ['queued', null, null],
      ['failed', 'bounce@example.org', 'suppressed'],
      ['failed', 'complaint@example.org', 'suppressed'],
    ]);
  });

  it('checks the list again when a scheduled email leaves: an address suppressed meanwhile is dropped', async () => {
    const later = await world.send({ to: 'bounce+later@example.org', text: 'Hi', scheduled_at: new Date(Date.now() + 3000).toISOString() });
    await world.settled(await world.send({ to: 'bounce+later@example.org', text: 'Hi' }), 'bounced');
    await suppressedAs('bounce+later@example.org');
    const email = await world.settled(later, 'failed');
    expect(steps(email)).to.deep.equal([
      ['scheduled', null, null],
      ['failed', 'bounce+later@example.org', 'suppressed'],
    ]);
  });

  it('takes an address off the list (case aside): it is sent to again; a second removal is 404', async () => {
    await suppressedAs('bounce@example.org');
    expect((await world.mail('DELETE', '/v1/suppressions/BOUNCE%40example.org')).status).to.equal(204);
    expect((await list()).data.map((s: { email: string }) => s.email)).not.to.include('bounce@example.org');
    refused(await world.mail('DELETE', '/v1/suppressions/bounce@example.org'), 404, 'not_found');
    const again = await world.settled(await world.send({ to: 'bounce@example.org', text: 'Hi' }), 'bounced');
    expect(steps(again).map(([type]) => type)).to.deep.equal(['queued', 'sent', 'bounced']);
    await suppressedAs('bounce@example.org');
  });

  it('pages newest first by cursor or page', async () => {
    for (const n of [1, 2]) await world.settled(await world.send({ to: `complaint+${n}@example.org`, text: 'Hi' }), 'complained');
    await suppressedAs('complaint+2@example.org');
    const all = (await list('?limit=100')).data.map((s: { email: string }) => s.email);
    const first = await list('?limit=2');
    const second = await list(`?limit=2&cursor=${first.next_cursor}`);
    expect([...first.data, ...second.data].map((s: { email: string }) => s.email)).to.deep.equal(all.slice(0, 4));
    expect((await list('?limit=2&page=1')).data).to.deep.equal(second.data);
  });

  it("keeps each account's list its own: another account sees none of it and cannot remove from it", async () => {
    await suppressedAs('complaint@example.org');
    const other = await world.otherAccountKey();
    expect(ok(await world.mail('GET', '/v1/suppressions', undefined, { key: other })).data).to.deep.equal([]);
    refused(await world.mail('DELETE', '/v1/suppressions/complaint@example.org', undefined, { key: other }), 404, 'not_found');
    expect((await list()).data.map((s: { email: string }) => s.email)).to.include('complaint@example.org');
  });

  it('reads with read, removes with manage (403 insufficient_scope), and names the malformed field (422)', async () => {
    const reader = ok(await world.mail('POST', '/v1/api-keys', { name: 'reader', permissions: ['read'] }), 201).key;
    const sender = ok(await world.mail('POST', '/v1/api-keys', { name: 'sender', permissions: ['send'] }), 201).key;
    ok(await world.mail('GET', '/v1/suppressions', undefined, { key: reader }));
    refused(await world.mail('GET', '/v1/suppressions', undefined, { key: sender }), 403, 'insufficient_scope');
    refused(await world.mail('DELETE', '/v1/suppressions/complaint@example.org', undefined, { key: reader }), 403, 'insufficient_scope');
    const badEmail = await world.mail('DELETE', '/v1/suppressions/not-an-address');
    refused(badEmail, 422, 'validation_error');
    expect(badEmail.body.error.details.map((d: { path: string }) => d.path)).to.deep.equal(['email']);
    const badLimit = await world.mail('GET', '/v1/suppressions?limit=0&cursor=nope');
    expect(badLimit.body.error.details.map((d: { path: string }) => d.path)).to.have.members(['limit', 'cursor']);
  });
});
