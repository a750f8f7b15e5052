import { expect } from 'chai';
import { startMailWorld, type MailWorld } from '../../support/mail-world.ts';
import { ok, refused } from '../../support/responses.ts';
import { startSmtpSink, type SmtpSink } from '../../support/smtp-sink.ts';
import { databaseKind } from '../../support/test-database.ts';
import { until } from '../../support/until.ts';

const HTML = `<html><body><p><a href="https://shop.example/o?id=1&amp;x=2">Your order</a>
  <a href="mailto:help@shop.example">Write to us</a> <a href="tel:+254700000000">Call</a></p></body></html>`;
const TEXT = 'Your order: https://shop.example/o?id=1&x=2';

/**
 * Open and click tracking over HTTP and SMTP (docs/mail.md, "Tracking"): the message a real SMTP
 * server receives carries the pixel and rewritten links of a tracking domain; following them
 * records `opened` and `clicked`; a token we did not sign is a 404, never a redirect.
 */
describe(`HTTP mail tracking on ${databaseKind()}`, function () {
  this.timeout(60_000);
  let world: MailWorld;
  let sink: SmtpSink;

  /** The message the SMTP server received for `recipient`, once it came. */
  const received = (recipient: string) => until(`mail to ${recipient}`, async () => sink.received.find((mail) => mail.to.includes(recipient)), (mail) => mail !== undefined).then((mail) => mail!.message);
  /** The path within the mail API of a tracking URL in a message (`/t/o/<token>`). */
  const trackingPaths = (message: string, kind: 'o' | 'c') => [...message.matchAll(new RegExp(`https?://[^"'\\s]+?(/t/${kind}/[A-Za-z0-9_-]+\\.[A-Za-z0-9_-]+)`, 'g'))].map((match) => match[1]!);
  const track = (path: string) => world.api.request('GET', path, { api: 'mail' });
  const events = async (id: string) => ok(await world.mail('GET', `/v1/emails/${id}`)).events.map((e: { type: string; recipient: string | null; reason: string | null }) => [e.type, e.recipient, e.reason]);

  before(async () => {
    sink = await startSmtpSink();
    world = await startMailWorld({ domain: 'track.example.com', env: { MAIL_TRANSPORT: 'smtp', MAIL_SMTP_URL: sink.url } });
  });
  after(async () => {
    await world.stop();
    await sink.close();
  });

  it('sends the html as written while the domain tracks nothing', async () => {
    await world.send({ to: 'plain@example.org', html: HTML, text: TEXT });
    const message = await received('plain@example.org');
    expect(message).to.include('href="https://shop.example/o?id=1&amp;x=2"');
    expect(message).not.to.include('/t/');
  });

  it('tracks opens and clicks of a tracking domain: pixel and links on {mail_url}/t/, mailto: and tel: and the text part left alone', async () => {
    const domain = ok(await world.mail('PATCH', `/v1/domains/${world.domainId}`, { open_tracking: true, click_tracking: true }));
    expect(domain).to.include({ open_tracking: true, click_tracking: true });
    const id = await world.send({ to: 'Amina <amina@example.org>', html: HTML, text: TEXT });
    const message = await received('amina@example.org');
    expect(message).to.include(`${world.api.apiUrl('mail').replace('127.0.0.1', 'localhost')}/t/o/`);
    expect(trackingPaths(message, 'o')).to.have.length(1);
    expect(trackingPaths(message, 'c')).to.have.length(1);
    expect(message).to.include('href="mailto:help@shop.example"').and.include('href="tel:+254700000000"');
    expect(message).to.include(TEXT);
    expect(message).not.to.include('https://shop.example/o?id=1&amp;x=2');

    const pixel = await track(trackingPaths(message, 'o')[0]!);
    expect([pixel.status, pixel.headers.get('content-type'), pixel.headers.get('cache-control')]).to.deep.equal([200, 'image/gif', 'no-store, no-cache, must-revalidate, max-age=0']);
    expect(pixel.text.startsWith('GIF89a')).to.equal(true);
    const click = await track(trackingPaths(message, 'c')[0]!);
    expect([click.status, click.headers.get('location')]).to.deep.equal([302, 'https://shop.example/o?id=1&x=2']);
    await track(trackingPaths(message, 'c')[0]!);

    expect(await events(id)).to.deep.include.members([
      ['opened', 'amina@example.org', null],
      ['clicked', 'amina@example.org', 'https://shop.example/o?id=1&x=2'],
    ]);
    expect((await events(id)).filter(([type]: string[]) => type === 'clicked'), 'the first click').to.have.length(1);
    expect(ok(await world.mail('GET', `/v1/emails/${id}`)).status, 'opens leave the status').to.equal('sent');
  });

  it('answers 404 for a token altered, made up or of the other kind: never a redirect', async () => {
    const id = await world.send({ to: 'baraka@example.org', html: HTML });
    const message = await received('baraka@example.org');
    const [click] = trackingPaths(message, 'c');
    const [open] = trackingPaths(message, 'o');
    const [payload, mac] = click!.slice('/t/c/'.length).split('.');
    const evil = Buffer.from(`${id}\nhttps://evil.example/`).toString('base64url');
    const flipped = `${mac!.slice(0, -2)}${mac!.at(-2) === 'A' ? 'B' : 'A'}${mac!.at(-1)}`;
    for (const path of [`/t/c/${evil}.${mac}`, `/t/c/${payload}.${flipped}`, `/t/c/${payload}`, '/t/c/nothing', `/t/c/${open!.slice('/t/o/'.length)}`, `/t/o/${payload}.${mac}`]) {
      const answer = await track(path);
      refused(answer, 404, 'not_found');
      expect(answer.headers.get('location'), path).to.equal(null);
    }
    expect((await events(id)).map(([type]: string[]) => type)).not.to.include.members(['clicked']);
  });
});
