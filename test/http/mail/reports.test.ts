import { expect } from 'chai';
import nodemailer from 'nodemailer';
import { startMailWorld, type MailWorld } from '../../support/mail-world.ts';
import { ok } from '../../support/responses.ts';
import { databaseKind } from '../../support/test-database.ts';
import { until } from '../../support/until.ts';

interface EventView {
  type: string;
  recipient: string | null;
  reason: string | null;
}

/** A report as a receiving server sends it back: multipart/report with its machine-readable part. */
const reportOf = (type: 'delivery-status' | 'feedback-report', machine: string) =>
  [
    'From: MAILER-DAEMON@mx.example.org',
    'Subject: Returned mail',
    'MIME-Version: 1.0',
    `Content-Type: multipart/report; report-type=${type}; boundary="R"`,
    '',
    '--R',
    'Content-Type: text/plain',
    '',
    'Your message could not be delivered.',
    '',
    '--R',
    `Content-Type: message/${type}`,
    '',
    machine,
    '',
    '--R--',
    '',
  ].join('\r\n');

/**
 * Bounces and complaints by SMTP (issue 18 item 3, docs/mail.md "Bounces and complaints"): a DSN and
 * an ARF report delivered to an email's return path on the inbound port (VERP: the address names the
 * email) become `bounced` and `complained`, and suppress the address; mail to any other address of
 * ours is refused before its data.
 */
describe(`Bounces and complaints by SMTP on ${databaseKind()}`, function () {
  this.timeout(60_000);
  let world: MailWorld;
  let port: number;

  const deliver = (to: string, raw: string) => nodemailer.createTransport({ host: '127.0.0.1', port, secure: false, ignoreTLS: true }).sendMail({ envelope: { from: '', to }, raw });
  const returnPath = (id: string) => `${id.toLowerCase()}@bounces.reports.example.com`;
  const events = async (id: string) => ok(await world.mail('GET', `/v1/emails/${id}`)).events.map((e: EventView) => [e.type, e.recipient]);
  const suppressed = async () => ok(await world.mail('GET', '/v1/suppressions')).data.map((s: { email: string; reason: string }) => [s.email, s.reason]);

  before(async () => {
    world = await startMailWorld({ domain: 'reports.example.com' });
    port = world.api.started.servers['mail-inbound']!;
  });
  after(() => world.stop());

  it('bounces a failed recipient of a DSN at the return path, and suppresses it; a delayed one is left alone', async () => {
    const id = await world.send({ to: ['amina@example.org', 'baraka@example.org'], text: 'Hi' });
    await world.settled(id, 'delivered');
    await deliver(returnPath(id), reportOf('delivery-status', ['Reporting-MTA: dns; mx.example.org', '', 'Final-Recipient: rfc822; amina@example.org', 'Action: failed', 'Status: 5.1.1', 'Diagnostic-Code: smtp; 550 5.1.1 No such user', '', 'Final-Recipient: rfc822; baraka@example.org', 'Action: delayed', 'Status: 4.2.2'].join('\r\n')));
    const timeline = await until('the bounce', () => events(id), (got) => got.some(([type]: string[]) => type === 'bounced'));
    expect(timeline.filter(([type]: string[]) => type === 'bounced')).to.deep.equal([['bounced', 'amina@example.org']]);
    expect(await suppressed()).to.deep.include(['amina@example.org', 'hard_bounce']);
    expect((await suppressed()).map(([email]: string[]) => email)).to.not.include('baraka@example.org');
  });

  it('records an abuse report as a complaint and suppresses the address', async () => {
    const id = await world.send({ to: 'chebet@example.org', text: 'Hi' });
    await world.settled(id, 'delivered');
    await deliver(returnPath(id), reportOf('feedback-report', 'Feedback-Type: abuse\r\nVersion: 1\r\nOriginal-Rcpt-To: <chebet@example.org>'));
    await until('the complaint', () => world.settled(id, 'complained'), Boolean);
    expect(await suppressed()).to.deep.include(['chebet@example.org', 'complaint']);
  });

  it('refuses, before its data, mail to an address that names no email of ours, and ignores a report about someone else', async () => {
    const refusedRcpt = await deliver('em_01m8800000000000000000000@bounces.reports.example.com', reportOf('delivery-status', 'Reporting-MTA: dns; x\r\n\r\nFinal-Recipient: rfc822; amina@example.org\r\nAction: failed\r\nStatus: 5.1.1')).catch((error: { responseCode?: number }) => error);
    expect((refusedRcpt as { responseCode?: number }).responseCode).to.equal(550);
    const wrongHost = await deliver('postmaster@reports.example.com', 'Subject: hi\r\n\r\nhi').catch((error: { responseCode?: number }) => error);
    expect((wrongHost as { responseCode?: number }).responseCode).to.equal(550);
    const id = await world.send({ to: 'dalia@example.org', text: 'Hi' });
    await world.settled(id, 'delivered');
    await deliver(returnPath(id), reportOf('delivery-status', 'Reporting-MTA: dns; x\r\n\r\nFinal-Recipient: rfc822; stranger@example.org\r\nAction: failed\r\nStatus: 5.1.1'));
    expect(await events(id)).to.not.deep.include(['bounced', 'stranger@example.org']);
    expect((await suppressed()).map(([email]: string[]) => email)).to.not.include('stranger@example.org');
  });
});
