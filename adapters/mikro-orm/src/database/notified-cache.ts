import { NotifiedCache as KernelNotifiedCache } from '@tuma/kernel';
import type { TopicHandlers } from './database-notifications.ts';

/**
 * The kernel's `NotifiedCache` on a database topic: emptied whenever the topic is notified (by any
 * process), bypassed while notifications may go unheard. `ttlMs` is a safety net only.
 */
export class NotifiedCache<V> extends KernelNotifiedCache<V> implements TopicHandlers {
  constructor(ttlMs = 30_000, now: () => number = Date.now) {
    super({ ttlMs, now });
  }

  notified(): void {
    this.clear();
  }
}
