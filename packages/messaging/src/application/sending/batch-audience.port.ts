import type { MessageBatch } from '../../domain/messages/message-batch.ts';
import type { OutboundMessage } from '../../domain/messages/outbound-message.ts';

/**
 * The members of a new batch, kept compactly until a dispatch job writes them as messages chunk by
 * chunk, so that a send-bulk answers in the time of its planning, not of 100k message rows.
 * Chunks are of `BATCH_CHUNK_SIZE` positions; writing is idempotent and happens in the caller's
 * unit of work.
 */
export interface BatchAudience {
  /** Keeps the members (each a `queued` message of `batch`, numbered 0..n-1). */
  keep(batch: MessageBatch, members: readonly OutboundMessage[]): Promise<void>;
  /** Writes as messages the kept members of every chunk that overlaps `fromSeq`..`toSeq`, and forgets them; returns how many. */
  materialize(batchId: string, fromSeq: number, toSeq: number): Promise<number>;
  /**
   * The last resort for chunks that `materialize` keeps failing on: rewrites their kept members so
   * every text can be stored (NUL and unpaired surrogates become U+FFFD), so they can at least be
   * written, failed and refunded.
   */
  makeStorable(batchId: string, fromSeq: number, toSeq: number): Promise<void>;
}
