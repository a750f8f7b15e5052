import { expect } from 'chai';
import { startMailWorld, type MailWorld } from '../../support/mail-world.ts';
import { ok, refused } from '../../support/responses.ts';
import { startSmtpSink, type SmtpSink } from '../../support/smtp-sink.ts';
import { databaseKind } from '../../support/test-database.ts';
import { ADMIN_KEY } from '../../support/test-server.ts';
import { until } from '../../support/until.ts';

/**
 * Sender addresses over HTTP and SMTP (docs/mail.md, "Sender addresses"): the confirmation link is
 * mailed through the account service's outbox; once followed, the address is a `from` without a
 * verified domain, its mail leaving unsigned with bounces to our own bounce host.
 */
describe(`HTTP mail sender addresses on ${databaseKind()}`, function () {
  this.timeout(60_000);
  let world: MailWorld;
  let sink: SmtpSink;

  const sendFrom = (from: string, to: string) => world.mail('POST', '/v1/emails', { from, to, subject: 'Hello', text: 'Hello' });
  /** The path within the mail API of the confirmation link mailed to `email`. */
  const mailedLink = async (email: string) => {
    const messages = await until(`a confirmation to ${email}`, async () => ok(await world.api.request('GET', `/api/admin/outbox?to=${email}&limit=5`, { key: ADMIN_KEY })).messages, (found) => found.length > 0);
    expect(messages[0].subject).to.equal(`Confirm ${email} as a sender address`);
    const link = /https?:\/\/\S+\/v1\/sender-addresses\/confirm\?token=\S+/.exec(messages[0].text)![0];
    expect(link.startsWith(`${world.api.apiUrl('mail').replace('127.0.0.1', 'localhost')}/v1/`)).to.equal(true);
    return link.slice(link.indexOf('/v1/'));
  };
  const follow = (path: string) => world.api.request('GET', path, { api: 'mail' });

  before(async () => {
    sink = await startSmtpSink();
    world = await startMailWorld({ domain: 'verified.example.com', env: { MAIL_TRANSPORT: 'smtp', MAIL_SMTP_URL: sink.url } });
  });
  after(async () => {
    await world.stop();
    await sink.close();
  });

  it('confirms an address by the mailed link; until then it is no from (403 domain_not_verified)', async () => {
    const added = ok(await world.mail('POST', '/v1/sender-addresses', { email: 'Founder@FreeMail.example', name: 'Founder' }), 201);
    expect(added).to.include({ email: 'founder@freemail.example', name: 'Founder', status: 'pending', confirmed_at: null });
    expect(added.id).to.match(/^sa_[0-9A-Z]{26}$/);
    refused(await sendFrom('founder@freemail.example', 'amina@example.org'), 403, 'domain_not_verified');

    const link = await mailedLink('founder@freemail.example');
    const confirmed = ok(await follow(link));
    expect(confirmed).to.include({ id: added.id, status: 'confirmed' });
    expect(ok(await follow(link)), 'followed twice').to.deep.equal(confirmed);
    expect(ok(await world.mail('GET', `/v1/sender-addresses/${added.id}`))).to.deep.equal(confirmed);
    expect(ok(await world.mail('GET', '/v1/sender-addresses')).data).to.deep.equal([confirmed]);
  });

  it('sends from a confirmed address, unsigned, with its name and bounces to our bounce host', async () => {
    const id = ok(await sendFrom('founder@freemail.example', 'baraka@example.org')).id;
    const email = await world.settled(id, 'sent');
    expect(email.from).to.equal('"Founder" <founder@freemail.example>');
    const received = await until('the message', async () => sink.received.find((mail) => mail.to.includes('baraka@example.org')), (mail) => mail !== undefined);
    expect(received!.from).to.equal(`${id.toLowerCase()}@feedback.tuma.local`);
    expect(received!.message).to.match(/^From: Founder <founder@freemail\.example>\r?$/m);
    expect(received!.message).not.to.match(/^DKIM-Signature:/im);
  });

  it('refuses a second add (409), a malformed address or name (422 naming it), and an altered link (400 invalid_token)', async () => {
    refused(await world.mail('POST', '/v1/sender-addresses', { email: 'FOUNDER@freemail.example' }), 409, 'sender_address_already_exists');
    const malformed = await world.mail('POST', '/v1/sender-addresses', { email: 'Someone <not an address>', name: 'Line\nbreak' });
    refused(malformed, 422, 'validation_error');
    expect(malformed.body.error.details.map((d: { path: string }) => d.path)).to.have.members(['email', 'name']);
    const added = ok(await world.mail('POST', '/v1/sender-addresses', { email: 'ops@freemail.example' }), 201);
    const link = await mailedLink('ops@freemail.example');
    const token = link.slice(link.indexOf('token=') + 'token='.length);
    const [payload, mac] = token.split('.');
    const forged = Buffer.from(Buffer.from(payload!, 'base64url').toString().replace(added.id, 'sa_00000000000000000000000000')).toString('base64url');
    for (const altered of [`${forged}.${mac}`, `${payload}.${mac!.slice(0, -1)}${mac!.endsWith('A') ? 'B' : 'A'}`, 'nothing'].map((t) => `/v1/sender-addresses/confirm?token=${t}`)) {
      refused(await follow(altered), 400, 'invalid_token');
    }
    expect(ok(await world.mail('GET', `/v1/sender-addresses/${added.id}`)).status).to.equal('pending');
  });

  it("keeps addresses per account: another account cannot read, delete or send from them (404, 403)", async () => {
    const [confirmed] = ok(await world.mail('GET', '/v1/sender-addresses')).data.filter((a: { status: string }) => a.status === 'confirmed');
    const other = await world.otherAccountKey();
    refused(await world.mail('GET', `/v1/sender-addresses/${confirmed.id}`, undefined, { key: other }), 404, 'not_found');
    refused(await world.mail('DELETE', `/v1/sender-addresses/${confirmed.id}`, undefined, { key: other }), 404, 'not_found');
    refused(await world.mail('POST', '/v1/emails', { from: confirmed.email, to: 'x@example.org', subject: 'x', text: 'x' }, { key: other }), 403, 'domain_not_verified');
  });

  it('reads with read, changes with manage (403 insufficient_scope)', async () => {
    const reader = ok(await world.mail('POST', '/v1/api-keys', { name: 'reader', permissions: ['read'] }), 201).key;
    const sender = ok(await world.mail('POST', '/v1/api-keys', { name: 'sender', permissions: ['send'] }), 201).key;
    ok(await world.mail('GET', '/v1/sender-addresses', undefined, { key: reader }));
    refused(await world.mail('GET', '/v1/sender-addresses', undefined, { key: sender }), 403, 'insufficient_scope');
    refused(await world.mail('POST', '/v1/sender-addresses', { email: 'x@freemail.example' }, { key: reader }), 403, 'insufficient_scope');
  });

  it('deletes an address: it is no from any more, and its link no longer confirms', async () => {
    const added = ok(await world.mail('POST', '/v1/sender-addresses', { email: 'gone@freemail.example' }), 201);
    const link = await mailedLink('gone@freemail.example');
    expect((await world.mail('DELETE', `/v1/sender-addresses/${added.id}`)).status).to.equal(204);
    refused(await world.mail('DELETE', `/v1/sender-addresses/${added.id}`), 404, 'not_found');
    refused(await follow(link), 400, 'invalid_token');
    const [founder] = ok(await world.mail('GET', '/v1/sender-addresses')).data.filter((a: { email: string }) => a.email === 'founder@freemail.example');
    expect((await world.mail('DELETE', `/v1/sender-addresses/${founder.id}`)).status).to.equal(204);
    refused(await sendFrom('founder@freemail.example', 'amina@example.org'), 403, 'domain_not_verified');
  });
});
