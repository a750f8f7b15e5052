import { Resolver } from 'node:dns/promises';
import { expect } from 'chai';
import { authenticate } from 'mailauth';
import nodemailer from 'nodemailer';
import { SmtpSink } from '../../../adapters/mail/test/support/smtp-sink.ts';
import { startMailWorld, type MailWorld } from '../../support/mail-world.ts';
import { ok, refused } from '../../support/responses.ts';
import { databaseKind } from '../../support/test-database.ts';
import { until } from '../../support/until.ts';

interface LogEntry {
  outcome: string;
  error: string | null;
  message_id: string | null;
  subject: string | null;
  original_from: string | null;
  return_path: string;
}

const DOMAIN = 'fwd.example.com';

/**
 * Forwards (issue 18 items 3 and 5, docs/mail.md "Forwards"): mail that nodemailer delivers to the
 * inbound port for an alias (or any address) of a verified domain reaches an SMTP server of the
 * suite for the forward's `to`, its envelope sender SRS-rewritten, its headers kept, DKIM-signed by
 * the domain; loops are stopped and logged; other domains, and other accounts, are refused.
 */
describe(`Mail forwards on ${databaseKind()}`, function () {
  this.timeout(60_000);
  let world: MailWorld;
  let sink: SmtpSink;
  let port: number;

  const deliver = (envelope: { from: string; to: string }, message: Record<string, unknown>) => nodemailer.createTransport({ host: '127.0.0.1', port, secure: false, ignoreTLS: true }).sendMail({ envelope, ...message });
  const arrived = (recipient: string, count = 1) => until(`mail for ${recipient}`, async () => sink.received.filter((m) => m.recipients.includes(recipient)), (got) => got.length === count);
  const log = async (id: string): Promise<LogEntry[]> => ok(await world.mail('GET', `/v1/forwards/${id}/log`)).data;
  /** A 422 whose details name `field` only. */
  const naming = (res: Awaited<ReturnType<MailWorld['mail']>>, field: string) => {
    refused(res, 422, 'validation_error');
    expect(res.body.error.details.map((d: { path: string }) => d.path)).to.deep.equal([field]);
  };
  const codeOf = (error: unknown) => (error as { responseCode?: number }).responseCode;

  /** What a receiving server concludes of the DKIM signatures, looking keys up in the suite's DNS server. */
  async function dkimOf(raw: string) {
    const dns = new Resolver();
    dns.setServers([world.dns.address]);
    const { dkim } = await authenticate(raw, { ip: '127.0.0.1', helo: 'relay.tuma.local', sender: 'x@bounces.fwd.example.com', resolver: (name: string, type: string) => dns.resolve(name, type as 'TXT') });
    return dkim.results.map((r) => [r.signingDomain, r.status.result]);
  }

  before(async () => {
    sink = await new SmtpSink().start();
    world = await startMailWorld({ domain: DOMAIN, env: { MAIL_TRANSPORT: 'smtp', MAIL_SMTP_URL: sink.url } });
    port = world.api.started.servers['mail-inbound']!;
  });
  after(async () => {
    await world.stop();
    await sink.close();
  });

  it('re-sends mail for an alias to its to: SRS envelope sender, original headers kept, signed by the domain, logged delivered', async () => {
    const forward = ok(await world.mail('POST', '/v1/forwards', { from: 'Sales@fwd.example.com', to: 'amina@example.org' }), 201);
    expect(forward).to.include({ from: 'sales@fwd.example.com', to: 'amina@example.org', domain_id: world.domainId });
    expect(ok(await world.mail('GET', '/v1/forwards')).data.map((f: { id: string }) => f.id)).to.deep.equal([forward.id]);
    const unforwarded = await deliver({ from: 'baraka@example.net', to: 'nobody@fwd.example.com' }, { from: 'baraka@example.net', subject: 'Hi', text: 'Hi' }).catch((e: unknown) => e);
    expect(codeOf(unforwarded), 'an address of the domain no forward takes').to.equal(550);

    await deliver({ from: 'baraka@example.net', to: 'sales@fwd.example.com' }, { from: 'Baraka <baraka@example.net>', to: 'sales@fwd.example.com', subject: 'Order KE-1042', text: 'Habari', messageId: '<ke-1042@example.net>' });
    const [relayed] = await arrived('amina@example.org');
    expect(relayed!.recipients).to.deep.equal(['amina@example.org']);
    expect(relayed!.mailFrom).to.match(/^SRS0=[a-z2-7]{8}=[a-z2-7]{2}=example\.net=baraka@bounces\.fwd\.example\.com$/);
    expect(relayed!.raw).to.include('Subject: Order KE-1042').and.to.include('From: Baraka <baraka@example.net>').and.to.include('Message-ID: <ke-1042@example.net>');
    expect(relayed!.raw).to.include(`X-Tuma-Forwarded: ${forward.id}`).and.to.include('X-Forwarded-To: amina@example.org').and.to.match(/^Received: from [^\r\n]*\r\n\tby tuma-inbound with ESMTP id fwl_[0-9A-Z]{26}\r\n\tfor <sales@fwd\.example\.com>;/m);
    expect(await dkimOf(relayed!.raw)).to.deep.include([DOMAIN, 'pass']);

    const [entry] = await until('delivered', () => log(forward.id), (entries) => entries[0]?.outcome === 'delivered');
    expect(entry).to.include({ outcome: 'delivered', message_id: '<ke-1042@example.net>', subject: 'Order KE-1042', original_from: '"Baraka" <baraka@example.net>', error: null, return_path: relayed!.mailFrom });
  });

  it('sends the rest of the domain to the catch-all, the alias still to its own', async () => {
    const catchAll = ok(await world.mail('POST', '/v1/forwards', { from: '*@fwd.example.com', to: 'desk@example.org' }), 201);
    await deliver({ from: 'chebet@example.net', to: 'jobs@fwd.example.com' }, { from: 'chebet@example.net', to: 'jobs@fwd.example.com', subject: 'CV', text: 'Attached' });
    await deliver({ from: 'chebet@example.net', to: 'sales@fwd.example.com' }, { from: 'chebet@example.net', to: 'sales@fwd.example.com', subject: 'Quote', text: 'Please' });
    const [toDesk] = await arrived('desk@example.org');
    expect(toDesk!.raw).to.include('Subject: CV');
    expect((await arrived('amina@example.org', 2))[1]!.raw).to.include('Subject: Quote');
    expect((await until('logged', () => log(catchAll.id), (entries) => entries.length === 1))[0]!.subject).to.equal('CV');
  });

  it('refuses at RCPT (550) mail for a domain of ours that is not verified, and for a domain that is not ours', async () => {
    const pending = ok(await world.mail('POST', '/v1/domains', { name: 'pending.example.com' }), 201);
    naming(await world.mail('POST', '/v1/forwards', { from: 'sales@pending.example.com', to: 'amina@example.org' }), 'from');
    expect(codeOf(await deliver({ from: 'x@example.net', to: 'sales@pending.example.com' }, { from: 'x@example.net', subject: 'Hi', text: 'Hi' }).catch((e: unknown) => e))).to.equal(550);
    expect(codeOf(await deliver({ from: 'x@example.net', to: 'sales@unknown.example.com' }, { from: 'x@example.net', subject: 'Hi', text: 'Hi' }).catch((e: unknown) => e))).to.equal(550);
    expect((await world.mail('DELETE', `/v1/domains/${pending.id}`)).status).to.equal(204);
  });

  it('stops a loop (the message comes back to the forward it went through) and logs it, and refuses a to we forward ourselves', async () => {
    const forward = ok(await world.mail('POST', '/v1/forwards', { from: 'loop@fwd.example.com', to: 'echo@example.org' }), 201);
    await deliver({ from: 'dalia@example.net', to: 'loop@fwd.example.com' }, { from: 'dalia@example.net', subject: 'Round', text: 'and round' });
    const [once] = await arrived('echo@example.org');
    // echo@example.org forwards everything back to loop@: the message returns with our headers on it.
    await deliver({ from: once!.mailFrom, to: 'loop@fwd.example.com' }, { raw: once!.raw });
    const entries = await until('the loop', () => log(forward.id), (got) => got.length === 2 && got[1]!.outcome === 'delivered');
    expect(entries[0]).to.include({ outcome: 'loop', subject: 'Round' });
    expect(entries[0]!.error).to.match(/came back/);
    expect(sink.received.filter((m) => m.recipients.includes('echo@example.org'))).to.have.length(1);
    naming(await world.mail('POST', '/v1/forwards', { from: 'ops@fwd.example.com', to: 'loop@fwd.example.com' }), 'to');
    refused(await world.mail('POST', '/v1/forwards', { from: 'loop@fwd.example.com', to: 'other@example.org' }), 409, 'conflict');
    naming(await world.mail('POST', '/v1/forwards', { from: 'ops@fwd.example.com', to: 'not an address' }), 'to');
  });

  it('relays a bounce to an SRS address back to the original sender from the null sender; a forged one is refused', async () => {
    ok(await world.mail('POST', '/v1/forwards', { from: 'bouncy@fwd.example.com', to: 'gone@example.org' }), 201);
    await deliver({ from: 'esther@example.net', to: 'bouncy@fwd.example.com' }, { from: 'esther@example.net', subject: 'Hello', text: 'Hello' });
    const [forwarded] = await arrived('gone@example.org');
    const dsn = ['From: MAILER-DAEMON@mx.example.org', 'To: ' + forwarded!.mailFrom, 'Subject: Undelivered Mail Returned to Sender', '', 'gone@example.org: no such user', ''].join('\r\n');
    await deliver({ from: '', to: forwarded!.mailFrom }, { raw: dsn });
    const [returned] = await arrived('esther@example.net');
    expect(returned!.mailFrom).to.equal('');
    expect(returned!.raw).to.include('Subject: Undelivered Mail Returned to Sender');
    const forged = forwarded!.mailFrom.replace(/^SRS0=[a-z2-7]{8}/, 'SRS0=aaaaaaaa');
    expect(codeOf(await deliver({ from: '', to: forged }, { raw: dsn }).catch((e: unknown) => e))).to.equal(550);
  });

  it("keeps accounts apart: another account's forward is 404, and its domain is not a from", async () => {
    const forward = ok(await world.mail('POST', '/v1/forwards', { from: 'private@fwd.example.com', to: 'fatuma@example.org' }), 201);
    const other = await world.otherAccountKey();
    refused(await world.mail('GET', `/v1/forwards/${forward.id}/log`, undefined, { key: other }), 404, 'not_found');
    refused(await world.mail('DELETE', `/v1/forwards/${forward.id}`, undefined, { key: other }), 404, 'not_found');
    expect(ok(await world.mail('GET', '/v1/forwards', undefined, { key: other })).data).to.deep.equal([]);
    naming(await world.mail('POST', '/v1/forwards', { from: 'mine@fwd.example.com', to: 'x@example.org' }, { key: other }), 'from');
    expect((await world.mail('DELETE', `/v1/forwards/${forward.id}`)).status).to.equal(204);
    expect(codeOf(await deliver({ from: 'x@example.net', to: 'private@fwd.example.com' }, { from: 'x@example.net', subject: 'Hi', text: 'Hi' }).catch((e: unknown) => e)), 'the catch-all takes it now').to.equal(undefined);
  });

  it('reads with read, changes with manage (403 insufficient_scope)', async () => {
    const forward = ok(await world.mail('POST', '/v1/forwards', { from: 'scoped@fwd.example.com', to: 'neema@example.org' }), 201);
    const reader = ok(await world.mail('POST', '/v1/api-keys', { name: 'reader', permissions: ['read'] }), 201).key;
    const sender = ok(await world.mail('POST', '/v1/api-keys', { name: 'sender', permissions: ['send'] }), 201).key;
    ok(await world.mail('GET', `/v1/forwards/${forward.id}/log`, undefined, { key: reader }));
    refused(await world.mail('GET', '/v1/forwards', undefined, { key: sender }), 403, 'insufficient_scope');
    refused(await world.mail('POST', '/v1/forwards', { from: 'other@fwd.example.com', to: 'neema@example.org' }, { key: reader }), 403, 'insufficient_scope');
    refused(await world.mail('DELETE', `/v1/forwards/${forward.id}`, undefined, { key: reader }), 403, 'insufficient_scope');
  });
});
