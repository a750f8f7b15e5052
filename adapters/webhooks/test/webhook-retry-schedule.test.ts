import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect } from 'chai';
import { err } from '@tuma/kernel';
import type { WebhookEvent } from '@tuma/messaging';
import { AllowedHosts, WebhookDestinations } from '@tuma/webhooks';
import { webhookWorld, type WebhookWorld } from '@tuma/messaging/testing/contracts';
import { BlockListAddressPolicy, PinnedHttpWebhookSender } from '../src/index.ts';

const LIVE = { accountId: 'acc_1', environment: 'live' } as const;

/** What the receiver saw of one POST: when (on the fake clock), which event, and whether the signature checks with the secret current then. */
interface Seen {
  readonly second: number;
  readonly eventId: string;
  readonly validWithCurrent: boolean;
  readonly validWithFirst: boolean;
}

/** The receiver's side of the spec: HMAC-SHA256 of the raw body, `sha256=<hex>`, compared in constant time. */
function verifies(secret: string, rawBody: string, header: string | undefined): boolean {
  const expected = Buffer.from(`sha256=${createHmac('sha256', secret).update(rawBody).digest('hex')}`);
  const given = Buffer.from(header ?? '');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

describe('webhook delivery to a local receiver (real HTTP, fake clock)', () => {
  let server: Server;
  let port: number;
  let w: WebhookWorld;
  let firstSecret: string;
  let currentSecret: string;
  let statuses: number[];
  const seen: Seen[] = [];
  const t0 = new Date('2026-11-21T10:00:00.000Z').getTime();

  before(async () => {
    server = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk) => (body += chunk));
      req.on('end', () => {
        const signature = req.headers['x-webhook-signature'] as string | undefined;
        seen.push({
          second: (w.clock.now().getTime() - t0) / 1000,
          eventId: req.headers['x-webhook-id'] as string,
          validWithCurrent: verifies(currentSecret, body, signature),
          validWithFirst: verifies(firstSecret, body, signature),
        });
        res.writeHead(statuses.shift() ?? 200).end();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  after(() => new Promise<void>((resolve) => server.close(() => resolve())));

  beforeEach(async () => {
    seen.length = 0;
    const destinations = new WebhookDestinations(new BlockListAddressPolicy(), { addresses: async () => err('ENOTFOUND') }, AllowedHosts.parse(`127.0.0.1:${port}`)._unsafeUnwrap());
    w = webhookWorld(new PinnedHttpWebhookSender({ destinations }), destinations);
    (await w.updateConfig.execute({ owner: LIVE, dlrUrl: `http://127.0.0.1:${port}/dlr` }))._unsafeUnwrap();
    firstSecret = currentSecret = (await w.getConfig.execute(LIVE))._unsafeUnwrap().signingSecret;
  });

  const event: WebhookEvent = {
    id: 'evt_01JBBBBBBBBBBBBBBBBBBBBBBB',
    ...LIVE,
    kind: 'dlr',
    type: 'message.failed',
    payload: { event: 'message.failed', message_id: 'msg_1', status: 'failed', error_code: 'absent_subscriber' },
    createdAt: new Date(t0),
  };

  it('sees one event id, signed with the current secret, at 0, 10, 40, 130, 400 and 1210 s, and then nothing more', async () => {
    statuses = [500, 500, 500, 500, 500, 500];
    await w.publisher.publish([event]);
    await w.drain();
    expect(seen.map((s) => s.second)).to.deep.equal([0, 10, 40, 130, 400, 1210]);
    expect(new Set(seen.map((s) => s.eventId))).to.deep.equal(new Set([event.id]));
    expect(seen.every((s) => s.validWithCurrent)).to.equal(true);
    const [logged] = (await w.deliveries.list(LIVE, 0, 10)).deliveries;
    expect(logged!.delivery.status).to.equal('failed');
    expect(logged!.attempts.map((a) => a.statusCode)).to.deep.equal([500, 500, 500, 500, 500, 500]);
  });

  it('signs with the new secret from the first attempt after a rotation: the old one verifies nothing more', async () => {
    statuses = [500, 500, 200];
    await w.publisher.publish([event]);
    await w.jobs.runDue();
    w.clock.advance(10_000);
    await w.jobs.runDue();
    currentSecret = (await w.rotateSecret.execute(LIVE))._unsafeUnwrap().signingSecret;
    await w.drain();
    expect(seen.map((s) => [s.second, s.validWithCurrent, s.validWithFirst])).to.deep.equal([
      [0, true, true],
      [10, true, true],
      [40, true, false],
    ]);
    expect(new Set(seen.map((s) => s.eventId))).to.deep.equal(new Set([event.id]));
    expect((await w.deliveries.findLogged(LIVE, event.id))!.delivery.status).to.equal('delivered');
  });
});
