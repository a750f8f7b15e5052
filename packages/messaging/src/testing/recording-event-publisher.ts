import { UndoableList } from '@tuma/kernel/testing';
import type { EventPublisher, WebhookEvent } from '../domain/events/webhook-event.ts';

/** Keeps published events in memory: for tests and for embedding without webhooks. */
export class RecordingEventPublisher implements EventPublisher {
  readonly events = new UndoableList<WebhookEvent>();

  async publish(events: readonly WebhookEvent[]): Promise<void> {
    this.events.push(...events);
  }
}
