import { expect } from 'chai';
import { SmtpMailer } from '../src/index.ts';
import { startSmtpSink, type SmtpSink } from '../../../test/support/smtp-sink.ts';

describe('SmtpMailer', () => {
  let sink: SmtpSink;
  before(async () => {
    sink = await startSmtpSink();
  });
  after(() => sink.close());

  it('hands the message to the SMTP server, from MAIL_FROM, in text and HTML', async () => {
    const mailer = new SmtpMailer({ url: sink.url, from: 'Tuma <no-reply@localhost>' });
    await mailer.send({ to: 'amina@example.com', subject: 'Verify your email address', text: 'Link: https://example.com/v?token=abc', html: '<p>Link</p>' });
    const [mail] = sink.received;
    expect([mail!.from, mail!.to]).to.deep.equal(['no-reply@localhost', ['amina@example.com']]);
    expect(mail!.message).to.include('Subject: Verify your email address').and.include('https://example.com/v?token=abc').and.include('<p>Link</p>');
  });

  it('fails the send when no server answers', async () => {
    const mailer = new SmtpMailer({ url: 'smtp://127.0.0.1:1', from: 'Tuma <no-reply@localhost>' });
    let refused: unknown;
    await mailer.send({ to: 'amina@example.com', subject: 'Hello', text: 'Hello' }).catch((error: unknown) => (refused = error));
    expect(String(refused)).to.match(/ECONNREFUSED/);
  });
});
