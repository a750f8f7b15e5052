import { expect } from 'chai';
import { startMailWorld, type MailWorld } from '../../support/mail-world.ts';
import { ok, refused } from '../../support/responses.ts';
import { startSmtpSink, type ReceivedMail, type SmtpSink } from '../../support/smtp-sink.ts';
import { databaseKind } from '../../support/test-database.ts';
import { until } from '../../support/until.ts';

/** A header of a raw message, its folded lines joined. */
const header = (mail: ReceivedMail, name: string): string | undefined => new RegExp(`^${name}: ?(.*(?:\\r?\\n[ \\t].*)*)`, 'mi').exec(mail.message)?.[1]?.replace(/\r?\n[ \t]+/g, ' ').trim();
/** Not by `header`: the sink's quoted-printable decoding joins the DKIM signature's last line (ending in =) with the next header. */
const unsubscribeUrl = (mail: ReceivedMail): string => /List-Unsubscribe:\s*<(https?:\/\/[^>]+\/u\/[^>]+)>/.exec(mail.message)![1]!;

/**
 * Broadcasts over HTTP to a real SMTP server on 127.0.0.1 (MAIL_TRANSPORT=smtp), docs/mail.md
 * "Contacts and broadcasts": a 1,000-contact list with one unsubscribed contact mails 999, each
 * message with its placeholders filled and the RFC 8058 headers; the one-click POST unsubscribes,
 * the page of a GET does not, and the next broadcast skips the contact.
 */
describe(`HTTP mail broadcasts through SMTP on ${databaseKind()}`, function () {
  this.timeout(180_000);
  let world: MailWorld;
  let sink: SmtpSink;

  const broadcastDone = (id: string, timeoutMs = 120_000) =>
    until(`broadcast ${id} sent`, async () => ok(await world.mail('GET', `/v1/broadcasts/${id}`)), (b) => b.status === 'sent', timeoutMs);
  const receivedWith = (subject: string) => sink.received.filter((mail) => header(mail, 'Subject') === subject);

  before(async () => {
    sink = await startSmtpSink();
    world = await startMailWorld({ domain: 'news.example.com', plan: 'starter', env: { MAIL_TRANSPORT: 'smtp', MAIL_SMTP_URL: sink.url } });
  });
  after(async () => {
    await world.stop();
    await sink.close();
  });

  it('mails 999 of a 1,000-contact list with one unsubscribed, placeholders filled, each with its List-Unsubscribe link; one-click unsubscribes', async () => {
    const list = ok(await world.mail('POST', '/v1/contacts/lists', { name: 'Readers' }), 201);
    const contacts = Array.from({ length: 1000 }, (_, i) => ({
      email: `Reader${i}@Example.org`,
      first_name: i === 7 ? '<b>Ama & Co</b>' : `Reader ${i}`,
      data: { plan: i % 2 ? 'gold' : 'basic' },
      ...(i === 500 ? { unsubscribed: true } : {}),
    }));
    expect(ok(await world.mail('POST', `/v1/contacts/lists/${list.id}/contacts`, { contacts }))).to.deep.equal({ added: 1000, updated: 0, errors: [] });

    const subject = 'News for {{first_name}}';
    const accepted = ok(
      await world.mail('POST', `/v1/contacts/lists/${list.id}/send`, {
        from: 'News <news@news.example.com>',
        subject,
        html: '<p>Hello {{first_name}}, your plan is {{data.plan}} ({{data.missing|none}}). <a href="{{unsubscribe_url}}">Unsubscribe</a></p>',
        text: 'Hello {{ first_name }} <{{email}}>',
      }),
    );
    expect(accepted).to.deep.include({ list_id: list.id, status: 'sending', subject });
    expect(accepted.counts).to.include({ recipients: 1000, skipped_unsubscribed: 1, skipped_suppressed: 0 });
    expect(accepted.id).to.match(/^bc_[0-9A-Z]{26}$/);

    const started = Date.now();
    const done = await broadcastDone(accepted.id);
    console.log(`      999 emails through SMTP in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    expect(done.counts).to.deep.equal({ recipients: 1000, skipped_unsubscribed: 1, skipped_suppressed: 0, pending: 0, cancelled: 0, queued: 0, sent: 999, delivered: 0, bounced: 0, complained: 0, failed: 0 });

    const received = sink.received.filter((mail) => /^News for /.test(header(mail, 'Subject') ?? ''));
    expect(received, 'messages the relay got').to.have.length(999);
    const recipients = received.map((mail) => mail.to[0]);
    expect(new Set(recipients).size, 'each contact once').to.equal(999);
    expect(recipients).not.to.include('reader500@example.org');

    const seven = received.find((mail) => mail.to[0] === 'reader7@example.org')!;
    expect(header(seven, 'Subject'), 'subject: not escaped').to.equal('News for <b>Ama & Co</b>');
    expect(seven.message, 'html: escaped').to.include('Hello &lt;b&gt;Ama &amp; Co&lt;/b&gt;, your plan is gold (none).');
    expect(seven.message, 'text: as is').to.include('Hello <b>Ama & Co</b> <reader7@example.org>');
    expect(header(seven, 'List-Unsubscribe-Post')).to.equal('List-Unsubscribe=One-Click');
    const link = unsubscribeUrl(seven);
    expect(link, 'at {mail_url}/u/').to.match(/^http:\/\/(localhost|127\.0\.0\.1):\d+\/mail\/u\/[\w-]+\.[\w-]+$/);
    expect(seven.message, 'the {{unsubscribe_url}} link in the html').to.include(`href="${link}"`);
    expect(/^DKIM-Signature:.*d=news\.example\.com/m.test(seven.message), 'signed by the domain').to.equal(true);
    const eight = received.find((mail) => mail.to[0] === 'reader8@example.org')!;
    expect(unsubscribeUrl(eight), 'a link per contact').not.to.equal(link);

    const emails = ok(await world.mail('GET', `/v1/emails?tag=${encodeURIComponent(`broadcast:${accepted.id}`)}&limit=100`));
    expect(emails.data).to.have.length(100);

    // A GET (a mail scanner) shows a page and changes nothing.
    const page = await fetch(link);
    expect(page.status).to.equal(200);
    expect(await page.text()).to.include('<form method="post"');
    const seventh = () => world.mail('GET', `/v1/contacts/lists/${list.id}/contacts/reader7@example.org`);
    expect(ok(await seventh()).unsubscribed, 'after the GET').to.equal(false);

    // The one-click POST of RFC 8058.
    const oneClick = await fetch(link, { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: 'List-Unsubscribe=One-Click' });
    expect(oneClick.status).to.equal(200);
    expect(await oneClick.text()).to.include('You are unsubscribed');
    expect(ok(await seventh()).unsubscribed, 'after the POST').to.equal(true);
    expect((await fetch(link, { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: 'List-Unsubscribe=One-Click' })).status, 'again').to.equal(200);
    const forged = `${link.slice(0, -2)}${link.endsWith('AA') ? 'AB' : 'AA'}`;
    expect((await fetch(forged, { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: 'List-Unsubscribe=One-Click' })).status, 'an altered token').to.equal(404);
    expect((await fetch(forged)).status).to.equal(404);

    // The next broadcast skips both (scheduled, so that its snapshot is seen without sending 998 more).
    const next = ok(await world.mail('POST', `/v1/contacts/lists/${list.id}/send`, { from: 'news@news.example.com', subject: 'Second issue', text: 'Hi {{first_name|there}}', scheduled_at: new Date(Date.now() + 3_600_000).toISOString() }));
    expect(next.counts).to.include({ recipients: 1000, skipped_unsubscribed: 2, pending: 998 });
    ok(await world.mail('POST', `/v1/broadcasts/${next.id}/cancel`));

    const listed = ok(await world.mail('GET', '/v1/broadcasts'));
    expect(listed.data.map((b: { id: string }) => b.id)).to.deep.equal([next.id, accepted.id]);
    expect(ok(await world.mail('GET', `/v1/contacts/lists/${list.id}`))).to.include({ contact_count: 1000, unsubscribed_count: 2 });
  });

  it('schedules a broadcast, which cancels before its time and then sends nothing', async () => {
    const list = ok(await world.mail('POST', '/v1/contacts/lists', { name: 'Later' }), 201);
    ok(await world.mail('POST', `/v1/contacts/lists/${list.id}/contacts`, { contacts: [{ email: 'later1@example.org' }, { email: 'later2@example.org' }] }));
    const scheduledAt = new Date(Date.now() + 3_600_000).toISOString();
    const scheduled = ok(await world.mail('POST', `/v1/contacts/lists/${list.id}/send`, { from: 'news@news.example.com', subject: 'Scheduled', text: 'Hi', scheduled_at: scheduledAt }));
    expect(scheduled).to.include({ status: 'scheduled', scheduled_at: scheduledAt });
    expect(scheduled.counts).to.include({ pending: 2 });
    const cancelled = ok(await world.mail('POST', `/v1/broadcasts/${scheduled.id}/cancel`));
    expect(cancelled.status).to.equal('cancelled');
    expect(cancelled.counts).to.include({ pending: 0, cancelled: 2 });
    refused(await world.mail('POST', `/v1/broadcasts/${scheduled.id}/cancel`), 409, 'not_cancellable');
    expect(receivedWith('Scheduled')).to.deep.equal([]);
  });
});
