import { ResultAsync, type Clock } from '@tuma/kernel';
import type { WebhookDeliveryRepository } from './webhook-delivery.repository.port.ts';

/** Deliveries deleted per statement: short statements, so a large backlog never holds locks long. */
export const WEBHOOK_PURGE_CHUNK = 1_000;
const DAY_MS = 86_400_000;

/**
 * The deliveries log's retention (docs/webhooks.md, "Retention"): deletes the finished deliveries
 * of events older than `retentionDays`, with their attempts, a chunk at a time; answers how many.
 * Pending ones stay, whatever their age: they are still to deliver. Run periodically by the workers.
 */
export class PurgeWebhookLog {
  constructor(
    private readonly deliveries: WebhookDeliveryRepository,
    private readonly clock: Clock,
    private readonly retentionDays: number,
  ) {}

  execute(): ResultAsync<number, never> {
    return ResultAsync.fromSafePromise(this.purge());
  }

  private async purge(): Promise<number> {
    const before = new Date(this.clock.now().getTime() - this.retentionDays * DAY_MS);
    let total = 0;
    for (;;) {
      const deleted = await this.deliveries.purgeFinished(before, WEBHOOK_PURGE_CHUNK);
      total += deleted;
      if (deleted < WEBHOOK_PURGE_CHUNK) return total;
    }
  }
}
