import { UndoableList } from '@tuma/kernel/testing';
import type { MailOutbox, OutboxMessage } from '../application/sending/mail-outbox.port.ts';

/** The outbox's messages in an array. */
export class InMemoryMailOutbox implements MailOutbox {
  private readonly messages = new UndoableList<OutboxMessage>();

  async add(message: OutboxMessage): Promise<void> {
    this.messages.unshift(message);
  }

  async list(query: { readonly recipient?: string; readonly limit: number }): Promise<readonly OutboxMessage[]> {
    const recipient = query.recipient?.toLowerCase();
    return this.messages.filter((m) => recipient === undefined || m.recipients.includes(recipient)).slice(0, query.limit);
  }
}
