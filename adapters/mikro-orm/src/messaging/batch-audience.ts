import type { BatchAudience, MessageBatch, OutboundMessage } from '@tuma/messaging';
import { BATCH_CHUNK_SIZE } from '@tuma/messaging';
import { storableText } from '@tuma/kernel';
import { sql, type Insertable } from 'kysely';
import type { Database } from '../database/database.ts';
import type { MessageBatchChunkTable } from '../database/tables.ts';

/**
 * What a kept member carries beyond its batch's fields; `text` null = the batch's text as it is,
 * `original` the text before smart encoding (null when unchanged), `category` its message category,
 * `at` its own due time (a promotional member deferred by quiet hours; null = the batch's).
 */
interface KeptMember {
  readonly id: string;
  readonly seq: number;
  readonly phone: string;
  readonly country: string;
  readonly route: string;
  readonly sender: string;
  readonly text: string | null;
  readonly original: string | null;
  readonly category: string;
  readonly at: string | null;
  readonly encoding: string;
  readonly segments: number;
  readonly pps: string;
  readonly routeCost: string;
  readonly routeCurrency: string;
  readonly cost: string;
}

const kept = (batch: MessageBatch, m: OutboundMessage): KeptMember => ({
  id: m.id,
  seq: m.batchSeq!,
  phone: m.phone,
  country: m.country,
  route: m.routeCode,
  sender: m.senderId,
  text: m.text === batch.text ? null : m.text,
  original: m.originalText,
  category: m.category,
  at: m.scheduledAt && m.scheduledAt.getTime() !== batch.scheduledAt?.getTime() ? m.scheduledAt.toISOString() : null,
  encoding: m.encoding,
  segments: m.segments,
  pps: m.pricePerSegment.toDecimalString(),
  routeCost: m.routeCost.toDecimalString(),
  routeCurrency: m.routeCost.currency,
  cost: m.cost.toDecimalString(),
});

/** Chunk rows per insert statement. */
const CHUNKS_PER_STATEMENT = 25;

/**
 * One statement: the kept chunks overlapping the range are deleted and their members inserted as
 * `queued` messages with their batch's fields. A concurrent writer of the same chunk waits for the
 * delete's row lock and then finds nothing left to write.
 */
const materializeStatement = (batchId: string, fromSeq: number, toSeq: number) => sql<{ written: number }>`
  with chunk as (
    delete from message_batch_chunk where batch_id = ${batchId} and from_seq <= ${toSeq} and to_seq >= ${fromSeq} returning batch_id, members
  ), written as (
    insert into message (id, account_id, api_key_id, environment, batch_id, batch_seq, phone, country, route_code, sender_id, text,
      original_text, category, encoding, segments, price_per_segment, route_cost, route_currency, cost, currency, charge_entry_id, scheduled_at, created_at,
      status)
    select r.id, b.account_id, b.api_key_id, b.environment, b.id, r.seq, r.phone, r.country, r.route, r.sender, coalesce(r.text, b.text),
      r.original, coalesce(r.category, 'transactional'), r.encoding, r.segments, r.pps, r."routeCost", r."routeCurrency", r.cost, b.currency, b.charge_entry_id, coalesce(r.at, b.scheduled_at), b.created_at,
      'queued'
    from chunk join message_batch b on b.id = chunk.batch_id
    cross join lateral jsonb_to_recordset(chunk.members::jsonb) as r (id varchar, seq integer, phone varchar, country char(2), route varchar,
      sender varchar, text text, original text, category varchar, encoding varchar, segments integer, pps numeric, "routeCost" numeric, "routeCurrency" char(3), cost numeric, at timestamptz)
    returning 1
  )
  select count(*)::int as written from written`;

/** Kept members in `message_batch_chunk`, one row per chunk of BATCH_CHUNK_SIZE positions. */
export class MikroOrmBatchAudience implements BatchAudience {
  constructor(private readonly database: Database) {}

  /** A chunk's members go as text (the column is not jsonb), so keeping parses nothing. */
  async keep(batch: MessageBatch, members: readonly OutboundMessage[]): Promise<void> {
    const rows: Insertable<MessageBatchChunkTable>[] = [];
    for (let start = 0; start < members.length; start += BATCH_CHUNK_SIZE) {
      const slice = members.slice(start, start + BATCH_CHUNK_SIZE);
      rows.push({ batch_id: batch.id, from_seq: start, to_seq: start + slice.length - 1, members: JSON.stringify(slice.map((m) => kept(batch, m))) });
    }
    for (let first = 0; first < rows.length; first += CHUNKS_PER_STATEMENT) {
      await this.database.query.insertInto('message_batch_chunk').values(rows.slice(first, first + CHUNKS_PER_STATEMENT)).execute();
    }
  }

  async makeStorable(batchId: string, fromSeq: number, toSeq: number): Promise<void> {
    const chunks = await this.database.query
      .selectFrom('message_batch_chunk')
      .select(['from_seq', 'members'])
      .where('batch_id', '=', batchId)
      .where('from_seq', '<=', toSeq)
      .where('to_seq', '>=', fromSeq)
      .forUpdate()
      .execute();
    for (const chunk of chunks) {
      // JSON.parse reads the escapes PostgreSQL's jsonb refuses (\u0000, lone surrogates); the members go back without them.
      const members = (JSON.parse(chunk.members) as KeptMember[]).map((member) => ({ ...member, text: member.text === null ? null : storableText(member.text), original: member.original == null ? null : storableText(member.original) }));
      await this.database.query.updateTable('message_batch_chunk').set({ members: JSON.stringify(members) }).where('batch_id', '=', batchId).where('from_seq', '=', chunk.from_seq).execute();
    }
  }

  async materialize(batchId: string, fromSeq: number, toSeq: number): Promise<number> {
    const { rows } = await materializeStatement(batchId, fromSeq, toSeq).execute(this.database.query);
    return rows[0]?.written ?? 0;
  }
}
