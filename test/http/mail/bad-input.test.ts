import { expect } from 'chai';
import { SmtpSink } from '../../../adapters/mail/test/support/smtp-sink.ts';
import { startMailWorld, type MailWorld } from '../../support/mail-world.ts';
import { ok } from '../../support/responses.ts';
import { smtpDialogue, type SmtpDialogue } from '../../support/smtp-dialogue.ts';
import { databaseKind } from '../../support/test-database.ts';

/**
 * Bad input on the SMTP ports (issue 18 item 5, docs/mail.md "Forwards", "SMTP submission"): what
 * is sent after DATA that is not a message is refused with a 5xx naming why, and a message too
 * large with 552; nothing of either is recorded or sent on. Raw sockets: a client library would not
 * send such data.
 */
describe(`Malformed and oversized mail on the SMTP ports on ${databaseKind()}`, function () {
  this.timeout(60_000);
  let world: MailWorld;
  let sink: SmtpSink;
  let forwardId: string;
  const opened: SmtpDialogue[] = [];

  /** A conversation up to the 354 of DATA: to `recipient`, logged in with `login` when given. */
  async function upToData(port: number, recipient: string, login?: { username: string; password: string }): Promise<SmtpDialogue> {
    const smtp = await smtpDialogue(port);
    opened.push(smtp);
    expect(await smtp.command('EHLO client.example.net')).to.match(/^250/);
    if (login) expect(await smtp.command(`AUTH PLAIN ${Buffer.from(`\0${login.username}\0${login.password}`).toString('base64')}`)).to.match(/^235/);
    expect(await smtp.command('MAIL FROM:<baraka@example.net>')).to.match(/^250/);
    expect(await smtp.command(`RCPT TO:<${recipient}>`)).to.match(/^250/);
    expect(await smtp.command('DATA')).to.match(/^354/);
    return smtp;
  }

  before(async () => {
    sink = await new SmtpSink().start();
    world = await startMailWorld({ domain: 'bad.example.com', env: { MAIL_TRANSPORT: 'smtp', MAIL_SMTP_URL: sink.url, MAIL_ALLOW_PLAIN_AUTH: 'true' } });
    forwardId = ok(await world.mail('POST', '/v1/forwards', { from: 'sales@bad.example.com', to: 'amina@example.org' }), 201).id;
  });
  after(async () => {
    for (const smtp of opened) smtp.close();
    await world.stop();
    await sink.close();
  });

  describe('the inbound port', () => {
    const inbound = () => world.api.started.servers['mail-inbound']!;

    it('refuses garbage after DATA with 554 5.6.0 and the reason, and records nothing', async () => {
      const smtp = await upToData(inbound(), 'sales@bad.example.com');
      expect(await smtp.data('this is not a message\r\n\x00\x01\x02 at all\r\n')).to.equal('554 5.6.0 Line 1 of the header section is not a header field (name: value)');
      expect(await smtp.command('RSET'), 'the session goes on').to.match(/^250/);
      expect(await smtp.command('MAIL FROM:<baraka@example.net>')).to.match(/^250/);
      expect(await smtp.command('RCPT TO:<sales@bad.example.com>')).to.match(/^250/);
      expect(await smtp.command('DATA')).to.match(/^354/);
      expect(await smtp.data('Subject: no sender\r\nTo: sales@bad.example.com\r\n\r\nHi\r\n')).to.equal('554 5.6.0 The message has no From header field (RFC 5322 3.6)');
      expect(ok(await world.mail('GET', `/v1/forwards/${forwardId}/log`)).data).to.deep.equal([]);
      expect(sink.received).to.deep.equal([]);
    });

    it('refuses a message past 10 MB with 552, and records nothing', async () => {
      const smtp = await upToData(inbound(), 'sales@bad.example.com');
      const body = `From: baraka@example.net\r\nSubject: large\r\n\r\n${`${'y'.repeat(998)}\r\n`.repeat(10_600)}`;
      expect(await smtp.data(body)).to.match(/^552 5\.3\.4 The message is larger than 10485760 bytes/);
      expect(ok(await world.mail('GET', `/v1/forwards/${forwardId}/log`)).data).to.deep.equal([]);
    });
  });

  describe('the submission port', () => {
    const submission = () => world.api.started.servers['mail-submission']!;
    let login: { username: string; password: string };

    before(async () => {
      login = ok(await world.mail('POST', '/v1/smtp-credentials', { name: 'bad input' }), 201);
    });

    it('refuses garbage after DATA with 554 5.6.0 and the reason, and sends nothing', async () => {
      const smtp = await upToData(submission(), 'amina@example.org', login);
      expect(await smtp.data(': no name\r\nnot a header either\r\n')).to.equal('554 5.6.0 Line 1 of the header section is not a header field (name: value)');
      expect(ok(await world.mail('GET', '/v1/emails')).data).to.deep.equal([]);
    });

    it('refuses a message declared larger than 56 MB with 552 before its data', async () => {
      const smtp = await smtpDialogue(submission());
      opened.push(smtp);
      await smtp.command('EHLO client.example.net');
      expect(await smtp.command(`AUTH PLAIN ${Buffer.from(`\0${login.username}\0${login.password}`).toString('base64')}`)).to.match(/^235/);
      expect(await smtp.command(`MAIL FROM:<orders@bad.example.com> SIZE=${57 * 1024 * 1024}`)).to.match(/^552/);
    });
  });
});
