import { expect } from 'chai';
import { rolledBack } from '@tuma/kernel/testing';
import { WebhookDelivery, type WebhookEvent } from '../src/index.ts';
import { InMemoryWebhookDeliveryRepository } from '../src/testing/index.ts';

const AT = new Date(Date.UTC(2026, 10, 21, 10, 0, 0));
const LATER = new Date(AT.getTime() + 60_000);
const scope = { accountId: 'acc_a', environment: 'live' } as const;
const event = (n: number): WebhookEvent => ({ id: `evt_${n}`, ...scope, kind: 'dlr', type: 'message.delivered', payload: { n }, createdAt: AT });
const open = (n: number) => WebhookDelivery.open(event(n), 'https://hooks.example.com/dlr', AT, 'sms');

describe('the in-memory webhook outbox rolls back with the unit of work', () => {
  it('leaves deliveries and their attempts as they were when the unit of work fails: added, attempted or purged', async () => {
    const deliveries = new InMemoryWebhookDeliveryRepository();
    const done = open(1).record({ statusCode: 204, latencyMs: 5, error: null }, AT, AT, []);
    await deliveries.add([open(1)]);
    await deliveries.recordAttempt(done.delivery, done.attempt);
    await deliveries.add([open(2)]);
    const before = await deliveries.list(scope, 0, 10);

    await rolledBack(async () => {
      await deliveries.add([open(3)]);
      const failed = (await deliveries.find('evt_2'))!.record({ statusCode: 503, latencyMs: 5, error: null }, AT, AT, [10]);
      await deliveries.recordAttempt(failed.delivery, failed.attempt);
      expect(await deliveries.purgeFinished(LATER, 10)).to.equal(1);
    });

    expect(await deliveries.list(scope, 0, 10)).to.deep.equal(before);
  });
});
