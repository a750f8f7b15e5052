import { expect } from 'chai';
import { databaseKind } from '../../support/test-database.ts';
import { ADMIN_KEY, startTestServer, type TestServer } from '../../support/test-server.ts';
import { startSmtpSink, type SmtpSink } from '../../support/smtp-sink.ts';

/** With SMTP_URL, the account service's mail goes out through the relay (a real SMTP server here), not to the outbox. */
describe(`HTTP account service with SMTP on ${databaseKind()}`, function () {
  this.timeout(60_000);
  let sink: SmtpSink;
  let api: TestServer;

  before(async () => {
    sink = await startSmtpSink();
    api = await startTestServer({ PASSWORD_HASH_COST: '10', SMTP_URL: sink.url, MAIL_FROM: 'Tuma Accounts <accounts@tuma.test>', DASHBOARD_URL: 'https://dashboard.tuma.test' });
  });
  after(async () => {
    await api.stop();
    await sink.close();
  });

  it('sends the verification mail through the SMTP server, from MAIL_FROM, with a link to the dashboard that verifies', async () => {
    const email = 'smtp-user@example.com';
    const registered = await api.request('POST', '/auth/v1/register', { body: { email, password: 'correct horse battery staple' } });
    expect(registered.status, registered.text).to.equal(201);
    expect(sink.received).to.have.length(1);
    const [mail] = sink.received;
    expect([mail!.from, mail!.to]).to.deep.equal(['accounts@tuma.test', [email]]);
    expect(mail!.message).to.include('Subject: Verify your email address');
    const token = /https:\/\/dashboard\.tuma\.test\/verify-email\?token=([0-9A-Za-z]+)/.exec(mail!.message)![1]!;
    const verified = await api.request('POST', '/auth/v1/verify-email', { body: { token } });
    expect([verified.status, verified.body.user.email_verified]).to.deep.equal([200, true]);
    const outbox = await api.request('GET', `/api/admin/outbox?to=${email}`, { key: ADMIN_KEY });
    expect(outbox.body.messages, 'nothing kept locally').to.deep.equal([]);
  });
});
