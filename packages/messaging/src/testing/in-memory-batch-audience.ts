import { storableText } from '@tuma/kernel';
import { UndoableMap } from '@tuma/kernel/testing';
import { BATCH_CHUNK_SIZE } from '../domain/messages/batch-chunks.ts';
import type { BatchAudience } from '../application/sending/batch-audience.port.ts';
import type { MessageBatch } from '../domain/messages/message-batch.ts';
import type { MessageRepository } from '../application/messages/message.repository.port.ts';
import { OutboundMessage } from '../domain/messages/outbound-message.ts';

export class InMemoryBatchAudience implements BatchAudience {
  /** Batch id -> chunk start -> members (each batch's own map, so that a rollback puts its chunks back one by one). */
  private readonly kept = new UndoableMap<string, UndoableMap<number, readonly OutboundMessage[]>>();

  constructor(private readonly messages: MessageRepository) {}

  async keep(batch: MessageBatch, members: readonly OutboundMessage[]): Promise<void> {
    const chunks = new UndoableMap<number, readonly OutboundMessage[]>();
    for (let start = 0; start < members.length; start += BATCH_CHUNK_SIZE) chunks.set(start, members.slice(start, start + BATCH_CHUNK_SIZE));
    this.kept.set(batch.id, chunks);
  }

  async makeStorable(batchId: string, fromSeq: number, toSeq: number): Promise<void> {
    const chunks = this.kept.get(batchId);
    for (const [start, members] of chunks ?? []) {
      if (start > toSeq || start + members.length - 1 < fromSeq) continue;
      chunks!.set(start, members.map((member) => OutboundMessage.rehydrate({ ...member, text: storableText(member.text), originalText: member.originalText === null ? null : storableText(member.originalText) })));
    }
  }

  async materialize(batchId: string, fromSeq: number, toSeq: number): Promise<number> {
    const chunks = this.kept.get(batchId);
    if (!chunks) return 0;
    let written = 0;
    for (const [start, members] of chunks) {
      if (start > toSeq || start + members.length - 1 < fromSeq) continue;
      await this.messages.add(members);
      chunks.delete(start);
      written += members.length;
    }
    return written;
  }
}
