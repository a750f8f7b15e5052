import { createHmac } from 'node:crypto';
import { expect } from 'chai';
import { attemptOffsetsSeconds, type WebhookEvent } from '@tuma/webhooks';
import { webhookEngineWorld } from '@tuma/webhooks/testing';
import { MAIL_WEBHOOK_PROFILE } from '../src/index.ts';

const OWNER = { accountId: 'acc_1', environment: 'live' } as const;
const SECRET = 'whsec_mail_secret';
const URL = 'https://hooks.example.com/mail';

const bounced = (at: Date): WebhookEvent => ({
  id: 'evt_01JAAAAAAAAAAAAAAAAAAAMAIL',
  ...OWNER,
  kind: 'mail',
  type: 'bounced',
  payload: { event_type: 'bounced', email_id: 'em_1', timestamp: at.toISOString(), data: { recipient: 'a@example.com' } },
  createdAt: at,
});

describe('mail webhook profile (spec: Mail webhook events)', () => {
  it('sends X-SVC-Delivery-ID, X-SVC-Event and X-SVC-Signature (sha256=<hex> of the raw body), and no X-Webhook-* header', async () => {
    const world = webhookEngineWorld(MAIL_WEBHOOK_PROFILE);
    world.endpoints.set(OWNER, SECRET, { mail: URL });
    const event = bounced(world.clock.now());
    await world.publisher.publish([event]);
    await world.drain();
    const [post] = world.sender.posts;
    expect(post!.url).to.equal(URL);
    expect(post!.body).to.equal(JSON.stringify(event.payload));
    expect(post!.headers).to.deep.equal({
      'Content-Type': 'application/json',
      'User-Agent': 'Tuma-Webhooks/1.0',
      'X-SVC-Delivery-ID': event.id,
      'X-SVC-Event': 'bounced',
      'X-SVC-Signature': `sha256=${createHmac('sha256', SECRET).update(post!.body).digest('hex')}`,
    });
    expect(post!.timeoutMs).to.equal(15_000);
  });

  it('retries a non-2xx answer after 1 min, 5 min, 30 min, 2 h and 8 h, in its own queue, then fails', async () => {
    const world = webhookEngineWorld(MAIL_WEBHOOK_PROFILE, [500, 500, 500, 500, 500, 500]);
    world.endpoints.set(OWNER, SECRET, { mail: URL });
    const start = world.clock.now().getTime();
    await world.publisher.publish([bounced(world.clock.now())]);
    expect(world.jobs.jobs().map((job) => job.name)).to.deep.equal(['mail.deliver-webhook']);
    const offsets = (await world.drain()).map((at) => (at.getTime() - start) / 1000);
    expect(MAIL_WEBHOOK_PROFILE.retryDelaysSeconds).to.deep.equal([60, 300, 1800, 7200, 28800]);
    expect(offsets).to.deep.equal([0, ...attemptOffsetsSeconds(MAIL_WEBHOOK_PROFILE)]).and.deep.equal([0, 60, 360, 2160, 9360, 38160]);
    expect((await world.deliveries.find('evt_01JAAAAAAAAAAAAAAAAAAAMAIL'))?.status).to.equal('failed');
  });
});
