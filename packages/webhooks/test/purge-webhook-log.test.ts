import { expect } from 'chai';
import { FakeClock } from '@tuma/kernel/testing';
import { PurgeWebhookLog, WEBHOOK_PURGE_CHUNK } from '../src/application/deliveries/purge-webhook-log.use-case.ts';
import { WebhookDelivery } from '../src/domain/deliveries/webhook-delivery.aggregate.ts';
import { InMemoryWebhookDeliveryRepository } from '../src/testing/in-memory-webhook-delivery.repository.ts';

const DAY_MS = 86_400_000;

/** An event of `createdAt`, delivered at once or left pending. */
function deliveryOf(index: number, createdAt: Date, delivered: boolean): WebhookDelivery {
  const opened = WebhookDelivery.open(
    { id: `evt_${String(index).padStart(26, '0')}`, accountId: 'acc_1', environment: 'live', kind: 'dlr', type: 'message.delivered', payload: { n: index }, createdAt },
    'https://hooks.example.com/dlr',
    createdAt,
    'sms',
  );
  return delivered ? opened.record({ statusCode: 204, latencyMs: 5, error: null }, createdAt, createdAt, []).delivery : opened;
}

describe('PurgeWebhookLog (docs/webhooks.md, "Retention")', () => {
  it('deletes every finished delivery older than the retention, chunk after chunk, and keeps pending and recent ones', async () => {
    const clock = new FakeClock('2026-11-25T12:00:00.000Z');
    const deliveries = new InMemoryWebhookDeliveryRepository();
    const old = new Date(clock.now().getTime() - 31 * DAY_MS);
    const recent = new Date(clock.now().getTime() - 29 * DAY_MS);
    const stale = Array.from({ length: WEBHOOK_PURGE_CHUNK * 2 + 5 }, (_, i) => deliveryOf(i, old, true));
    const pendingOld = deliveryOf(900_000, old, false);
    const kept = deliveryOf(900_001, recent, true);
    await deliveries.add([...stale, pendingOld, kept]);

    const purged = await new PurgeWebhookLog(deliveries, clock, 30).execute();
    expect(purged._unsafeUnwrap()).to.equal(stale.length);
    expect(await deliveries.find(stale[0]!.eventId)).to.equal(undefined);
    expect((await deliveries.find(pendingOld.eventId))?.status, 'still to deliver').to.equal('pending');
    expect(await deliveries.find(kept.eventId), 'within the retention').not.to.equal(undefined);
    expect((await new PurgeWebhookLog(deliveries, clock, 30).execute())._unsafeUnwrap(), 'a second round finds nothing').to.equal(0);
  });
});
