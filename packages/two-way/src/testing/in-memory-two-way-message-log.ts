import { UndoableMap } from '@tuma/kernel/testing';
import type { TwoWayMessageLog } from '../application/messages/two-way-message-log.port.ts';
import type { TwoWayMessage } from '../domain/messages/two-way-message.ts';

const newestFirst = (a: TwoWayMessage, b: TwoWayMessage) => b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0);

/** Service messages in a map (outbound ones keep the status they were recorded with). */
export class InMemoryTwoWayMessageLog implements TwoWayMessageLog {
  private readonly messages = new UndoableMap<string, TwoWayMessage>();

  async record(message: TwoWayMessage): Promise<void> {
    if (!this.messages.has(message.id)) this.messages.set(message.id, message);
  }

  async list(serviceId: number, limit: number) {
    const mine = [...this.messages.values()].filter((m) => m.serviceId === serviceId).sort(newestFirst);
    return { messages: mine.slice(0, limit), total: mine.length };
  }
}
