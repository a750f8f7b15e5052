import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import nodemailer from 'nodemailer';
import selfsigned from 'selfsigned';
import { FakeClock } from '@tuma/kernel/testing';
import { SmtpSink } from '../../../adapters/mail/test/support/smtp-sink.ts';
import { startMailWorld, type MailWorld } from '../../support/mail-world.ts';
import { ok, refused } from '../../support/responses.ts';
import { databaseKind } from '../../support/test-database.ts';
import { until } from '../../support/until.ts';

/** nodemailer as a customer's app uses it: a login of ours, on the submission port. */
const submitter = (port: number, auth: { user: string; pass: string }, tls: 'plain' | 'starttls') =>
  nodemailer.createTransport({ host: '127.0.0.1', port, secure: false, auth, ...(tls === 'plain' ? { ignoreTLS: true } : { requireTLS: true, tls: { rejectUnauthorized: false } }) });

/**
 * SMTP submission (issue 18 item 4, docs/mail.md "SMTP submission"): credentials made over HTTP, and
 * a real nodemailer client submitting to the server's own SMTP port; the message takes the path of
 * `POST /emails` (listed, DKIM-signed, relayed to an SMTP server in the suite). AUTH needs STARTTLS
 * when the server has a certificate, and is refused on plain text unless allowed.
 */
describe(`SMTP submission on ${databaseKind()}`, function () {
  this.timeout(60_000);

  describe('plain text allowed (local use)', () => {
    let world: MailWorld;
    let sink: SmtpSink;
    let port: number;

    before(async () => {
      sink = await new SmtpSink().start();
      world = await startMailWorld({ domain: 'submit.example.com', env: { MAIL_ALLOW_PLAIN_AUTH: 'true', MAIL_TRANSPORT: 'smtp', MAIL_SMTP_URL: sink.url } });
      port = world.api.started.servers['mail-submission']!;
    });
    after(async () => {
      await world.stop();
      await sink.close();
    });

    it('sends what a credential submits through the pipeline of POST /emails: listed, signed, relayed, Bcc in the envelope only', async () => {
      const issued = ok(await world.mail('POST', '/v1/smtp-credentials', { name: 'shop backend' }), 201);
      expect(issued.username).to.match(/^tuma_[0-9A-Za-z]{12}$/);
      expect(issued.password).to.match(/^[0-9A-Za-z]{32}$/);
      const listed = ok(await world.mail('GET', '/v1/smtp-credentials')).data;
      expect(listed.map((c: { id: string }) => c.id)).to.deep.equal([issued.id]);
      expect(listed[0]).to.not.have.property('password');

      const info = await submitter(port, { user: issued.username, pass: issued.password }, 'plain').sendMail({
        from: 'Shop <orders@submit.example.com>',
        to: 'Amina <amina@example.org>',
        cc: 'baraka@example.org',
        bcc: 'audit@example.org',
        subject: 'Order KE-1042',
        html: '<p>Shipped</p>',
        attachments: [{ filename: 'receipt.txt', content: 'KES 1,200' }],
        headers: { 'X-Order': 'KE-1042' },
      });
      const id = /Queued as (em_[0-9A-Z]{26})/.exec(info.response)![1]!;
      const email = ok(await world.mail('GET', `/v1/emails/${id}`));
      expect(email).to.include({ subject: 'Order KE-1042', from: '"Shop" <orders@submit.example.com>' });
      expect(email.to).to.deep.equal(['"Amina" <amina@example.org>']);
      expect(email.attachments).to.deep.equal([{ filename: 'receipt.txt', content_type: 'text/plain', size: 9 }]);
      const [relayed] = await until('the relayed message', async () => sink.received.filter((m) => m.recipients.includes('amina@example.org')), (got) => got.length === 1);
      expect([...relayed!.recipients].sort()).to.deep.equal(['amina@example.org', 'audit@example.org', 'baraka@example.org']);
      expect(relayed!.raw).to.match(/^DKIM-Signature: .*d=submit\.example\.com/m);
      expect(relayed!.raw).to.include('X-Order: KE-1042');
      expect(relayed!.raw).to.not.match(/^Bcc:/im);
    });

    it('refuses a wrong password (535), a from the account cannot send as (550 5.7.1), and a revoked credential', async () => {
      const issued = ok(await world.mail('POST', '/v1/smtp-credentials', { name: 'to revoke' }), 201);
      const message = { from: 'orders@submit.example.com', to: 'amina@example.org', subject: 'Hi', text: 'Hi' };
      const wrong = await submitter(port, { user: issued.username, pass: 'not-the-password' }, 'plain').sendMail(message).catch((error: { responseCode?: number }) => error);
      expect((wrong as { responseCode?: number }).responseCode).to.equal(535);
      const unverified = await submitter(port, { user: issued.username, pass: issued.password }, 'plain').sendMail({ ...message, from: 'me@elsewhere.example.com' }).catch((error: { responseCode?: number; response?: string }) => error);
      expect([(unverified as { responseCode?: number }).responseCode, (unverified as { response?: string }).response]).to.satisfy(([code, text]: [number, string]) => code === 550 && /5\.7\.1/.test(text));
      expect((await world.mail('DELETE', `/v1/smtp-credentials/${issued.id}`)).status).to.equal(204);
      const revoked = await submitter(port, { user: issued.username, pass: issued.password }, 'plain').sendMail(message).catch((error: { responseCode?: number }) => error);
      expect((revoked as { responseCode?: number }).responseCode).to.equal(535);
      refused(await world.mail('DELETE', `/v1/smtp-credentials/${issued.id}`), 404, 'not_found');
    });

    it('throttles AUTH as sign-ins are: of 30 wrong passwords for a username in a row, 5 get 535 and the rest 454 while the wait lasts (the right one held too); past the wait one guess is checked again; another credential still logs in', async () => {
      // The server's clock moves only when the test moves it, so what a wait lets through does not hang on this machine's speed.
      const clock = new FakeClock(new Date());
      const throttled = await startMailWorld({ domain: 'throttle.example.com', env: { MAIL_ALLOW_PLAIN_AUTH: 'true' }, clock });
      try {
        const throttledPort = throttled.api.started.servers['mail-submission']!;
        const guessed = ok(await throttled.mail('POST', '/v1/smtp-credentials', { name: 'guessed' }), 201);
        const other = ok(await throttled.mail('POST', '/v1/smtp-credentials', { name: 'other' }), 201);
        const message = { from: 'orders@throttle.example.com', to: 'amina@example.org', subject: 'Hi', text: 'Hi' };
        const send = (user: string, pass: string) =>
          submitter(throttledPort, { user, pass }, 'plain')
            .sendMail(message)
            .then((info) => info.response, (error: { responseCode?: number; response?: string }) => `${error.responseCode} ${error.response}`);
        const answers: string[] = [];
        for (let i = 0; i < 30; i++) answers.push(await send(guessed.username, `wrong-${i}`));
        expect(answers.map((answer) => answer.slice(0, 3))).to.deep.equal([...Array(5).fill('535'), ...Array(25).fill('454')]);
        expect(answers[5]).to.match(/4\.7\.0 Too many failed logins .* try again in 1 s/);
        expect((await send(guessed.username, guessed.password)).slice(0, 3), 'held back, unchecked').to.equal('454');
        // Once the wait has passed, the next guess is checked (and, wrong, makes the wait longer).
        clock.advance(Number(/try again in (\d+) s/.exec(answers[29]!)![1]) * 1000);
        expect((await send(guessed.username, 'wrong-again')).slice(0, 3), 'checked when its wait is over').to.equal('535');
        expect((await send(guessed.username, guessed.password)).slice(0, 3), 'held back again').to.equal('454');
        expect(await send(other.username, other.password)).to.match(/^250 2\.0\.0 Queued as em_/);
      } finally {
        await throttled.stop();
      }
    });
  });

  describe('with a certificate', () => {
    let world: MailWorld;
    let port: number;
    let dir: string;

    before(async () => {
      dir = mkdtempSync(join(tmpdir(), 'tuma-tls-'));
      const pair = await selfsigned.generate([{ name: 'commonName', value: 'localhost' }], { keySize: 2048 });
      writeFileSync(join(dir, 'key.pem'), pair.private);
      writeFileSync(join(dir, 'cert.pem'), pair.cert);
      world = await startMailWorld({ domain: 'tls.example.com', env: { MAIL_TLS_KEY: join(dir, 'key.pem'), MAIL_TLS_CERT: join(dir, 'cert.pem') } });
      port = world.api.started.servers['mail-submission']!;
    });
    after(async () => {
      await world.stop();
      rmSync(dir, { recursive: true, force: true });
    });

    it('takes a login only after STARTTLS', async () => {
      const { username, password } = ok(await world.mail('POST', '/v1/smtp-credentials', { name: 'tls' }), 201);
      const message = { from: 'orders@tls.example.com', to: 'amina@example.org', subject: 'Hi', text: 'Hi' };
      const plain = await submitter(port, { user: username, pass: password }, 'plain').sendMail(message).catch((error: Error) => error);
      expect(plain).to.be.instanceOf(Error);
      const info = await submitter(port, { user: username, pass: password }, 'starttls').sendMail(message);
      expect(info.response).to.match(/Queued as em_/);
    });
  });
});
