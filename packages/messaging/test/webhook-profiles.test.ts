import { createHmac } from 'node:crypto';
import { expect } from 'chai';
import { attemptOffsetsSeconds, type WebhookProfile } from '@tuma/webhooks';
import { webhookEngineWorld } from '@tuma/webhooks/testing';
import { sampleWebhookEvent, SMS_WEBHOOK_PROFILE, TWO_WAY_WEBHOOK_PROFILE } from '../src/index.ts';

const OWNER = { accountId: 'acc_1', environment: 'live' } as const;
const SECRET = 'whsec_sms_secret';
const URL = 'https://hooks.example.com/mo';

/** Publishes a sample inbound message under `profile`, the endpoint failing every attempt: what was sent, and when (seconds after the first). */
async function failingRun(profile: WebhookProfile) {
  const world = webhookEngineWorld(profile, Array(10).fill(503));
  world.endpoints.set(OWNER, SECRET, { mo: URL });
  const start = world.clock.now().getTime();
  const event = sampleWebhookEvent(OWNER, 'mo', world.clock.now());
  await world.publisher.publish([event]);
  const queues = world.jobs.jobs().map((job) => job.name);
  const offsets = (await world.drain()).map((at) => (at.getTime() - start) / 1000);
  return { event, posts: world.sender.posts, offsets, queues, status: (await world.deliveries.find(event.id))?.status };
}

describe('SMS and two-way webhook profiles', () => {
  it("SMS: X-Webhook-ID is the event id, X-Webhook-Signature sha256=<hex>; 5 retries 10 s, 30 s, 90 s, 270 s, 810 s after each failure, in messaging.deliver-webhook", async () => {
    const run = await failingRun(SMS_WEBHOOK_PROFILE);
    const [first] = run.posts;
    expect(first!.headers).to.deep.equal({
      'Content-Type': 'application/json',
      'User-Agent': 'Tuma-Webhooks/1.0',
      'X-Webhook-ID': run.event.id,
      'X-Webhook-Signature': `sha256=${createHmac('sha256', SECRET).update(first!.body).digest('hex')}`,
    });
    expect(first!.timeoutMs).to.equal(15_000);
    expect(run.queues).to.deep.equal(['messaging.deliver-webhook']);
    expect(run.offsets).to.deep.equal([0, 10, 40, 130, 400, 1210]).and.deep.equal([0, ...attemptOffsetsSeconds(SMS_WEBHOOK_PROFILE)]);
    expect(run.status).to.equal('failed');
  });

  it('two-way: the same headers as SMS; retries after 1 min, 5 min, 30 min, 2 h and 8 h, in its own queue', async () => {
    const run = await failingRun(TWO_WAY_WEBHOOK_PROFILE);
    expect(Object.keys(run.posts[0]!.headers)).to.deep.equal(['Content-Type', 'User-Agent', 'X-Webhook-ID', 'X-Webhook-Signature']);
    expect(run.posts[0]!.headers['X-Webhook-ID']).to.equal(run.event.id);
    expect(run.queues).to.deep.equal(['two-way.deliver-webhook']);
    expect(TWO_WAY_WEBHOOK_PROFILE.retryDelaysSeconds).to.deep.equal([60, 300, 1800, 7200, 28800]);
    expect(run.offsets).to.deep.equal([0, 60, 360, 2160, 9360, 38160]);
    expect(run.status).to.equal('failed');
  });
});
