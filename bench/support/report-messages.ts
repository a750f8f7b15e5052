/**
 * An account's messages for the reports bench, generated inside PostgreSQL (`insert ... select` over
 * `generate_series`: no row crosses the wire, unlike COPY FROM STDIN, which would format and send
 * every row from node). Traffic as a Kenyan shop's: five countries at their prices, 1-3 segments,
 * three API keys (and a few keyless messages), 40% of messages members of bulk sends of 20,000,
 * statuses as a day of real traffic ends up (85% delivered, carrier and pre-carrier failures,
 * cancellations and opt-outs, some still pending), spread evenly over the last 120 days. Rows are
 * written through the table's triggers, as sends are. `setseed` makes every run the same mix.
 */
import type pg from 'pg';

const DAYS = 120;
const BATCH_SIZE = 20_000;
const BATCH_SHARE = 0.4;
/** Rows per statement: one statement's trigger sums its rows in one pass. */
const CHUNK = 500_000;

/** Per row: five uniform draws, referencing the row so that the planner draws them per row. */
const DRAWS = `cross join lateral (select random() + g * 0 as r1, random() as r2, random() as r3, random() as r4, random() as r5) r`;
const COUNTRY = `case when r1 < 0.6 then 'KE' when r1 < 0.8 then 'NG' when r1 < 0.9 then 'TZ' when r1 < 0.97 then 'UG' else 'GH' end`;
const PRICE = `case when r1 < 0.6 then 0.0065 when r1 < 0.8 then 0.0125 when r1 < 0.9 then 0.018 when r1 < 0.97 then 0.015 else 0.021 end`;
const SEGMENTS = `case when r2 < 0.8 then 1 when r2 < 0.95 then 2 else 3 end`;
/** r3: the outcome. delivered, failed by the carrier, failed before it, cancelled, opted out, submitted, sent, queued. */
const STATUS = `case when r3 < 0.85 then 'delivered' when r3 < 0.90 then 'failed' when r3 < 0.93 then 'rejected' when r3 < 0.98 then 'submitted' when r3 < 0.99 then 'sent' else 'queued' end`;
const TAKEN = `(r3 < 0.89 or (r3 >= 0.93 and r3 < 0.98))`;
const ANSWERED = `r3 < 0.89`;
const OPTED_OUT = `(r3 >= 0.92 and r3 < 0.93)`;

const COLUMNS = `id, account_id, api_key_id, environment, batch_id, batch_seq, phone, country, route_code, sender_id, text, encoding, segments,
  price_per_segment, route_cost, route_currency, cost, currency, charge_entry_id, created_at, carrier, status, error_code,
  carrier_message_ids, part_outcomes, sent_at, submitted_at, delivered_at, failed_at`;

/** The columns after the id and the account: the key, batch and creation time given, the rest from the draws. */
const rowOf = (key: string, batchId: string, batchSeq: string, createdAt: string) => `
  ${key}, 'live', ${batchId}, ${batchSeq}, '+2547' || lpad((g % 100000000)::text, 8, '0'), ${COUNTRY}, 'SVC_' || ${COUNTRY}, 'DUKA', 'Your Duka order has shipped', 'GSM7', ${SEGMENTS},
  ${PRICE}, ${PRICE} * ${SEGMENTS}, 'USD', case when ${OPTED_OUT} then 0 else ${PRICE} * ${SEGMENTS} end, 'USD', 'txn_bench', ${createdAt},
  case when ${TAKEN} or ${STATUS} = 'sent' then 'simulator' end, ${STATUS},
  case when r3 >= 0.85 and r3 < 0.89 then 'absent_subscriber' when r3 >= 0.89 and r3 < 0.90 then 'invalid_destination' when ${OPTED_OUT} then 'opted_out' when r3 >= 0.90 and r3 < 0.92 then 'cancelled' end,
  case when ${TAKEN} then '["c1"]'::jsonb else '[]'::jsonb end,
  case when ${ANSWERED} then '[{"outcome":"x"}]'::jsonb else '[]'::jsonb end,
  ${createdAt} + interval '1 second', case when ${TAKEN} then ${createdAt} + interval '2 seconds' end,
  case when r3 < 0.85 then ${createdAt} + interval '5 seconds' end, case when r3 >= 0.85 and r3 < 0.90 then ${createdAt} + interval '5 seconds' end`;

export interface GeneratedMessages {
  readonly messages: number;
  readonly batches: number;
  readonly seconds: number;
}

/** `total` messages of `accountId` (keys `keyIds`, the last one taking the fewest), its bulk sends created first. */
export async function generateMessages(client: pg.Client, accountId: string, keyIds: readonly [string, string, string], total: number, idPrefix: string): Promise<GeneratedMessages> {
  const started = performance.now();
  await client.query('select setseed(0.34)');
  const batches = Math.max(1, Math.round((total * BATCH_SHARE) / BATCH_SIZE));
  const perBatch = Math.floor((total * BATCH_SHARE) / batches);
  await client.query(
    `insert into message_batch (id, account_id, api_key_id, environment, status, text, total, cost, currency, charge_entry_id, created_at)
     select $1 || 'bat' || lpad(g::text, 6, '0'), $2, case when g % 3 = 0 then $4 else $3 end, 'live', 'sending', 'Hi {{name}}, your Duka order ' || g || ' has shipped', $5::int, $5::int * 0.0065, 'USD', 'txn_bench',
            now() - random() * interval '${DAYS} days'
     from generate_series(1, $6::int) g`,
    [idPrefix, accountId, keyIds[0], keyIds[1], perBatch, batches],
  );
  const batchesPerStatement = Math.max(1, Math.floor(CHUNK / perBatch));
  for (let first = 1; first <= batches; first += batchesPerStatement) {
    await client.query(
      `insert into message (${COLUMNS})
       select b.id || '_' || g, b.account_id, ${rowOf('b.api_key_id', 'b.id', 'g', 'b.created_at')}
       from message_batch b cross join generate_series(0, b.total - 1) g ${DRAWS}
       where b.account_id = $1 and b.id between $2 and $3`,
      [accountId, `${idPrefix}bat${String(first).padStart(6, '0')}`, `${idPrefix}bat${String(first + batchesPerStatement - 1).padStart(6, '0')}`],
    );
  }
  const singles = total - batches * perBatch;
  for (let first = 1; first <= singles; first += CHUNK) {
    await client.query(
      `insert into message (${COLUMNS})
       select $1 || lpad(g::text, 10, '0'), $2, ${rowOf(`case when r5 < 0.6 then $3 when r5 < 0.9 then $4 when r5 < 0.98 then $5 end`, 'null', 'null', 'created')}
       from generate_series($6::int, $7::int) g ${DRAWS} cross join lateral (select now() - r4 * interval '${DAYS} days' as created) c`,
      [`${idPrefix}msg`, accountId, keyIds[0], keyIds[1], keyIds[2], first, Math.min(singles, first + CHUNK - 1)],
    );
  }
  return { messages: total, batches, seconds: (performance.now() - started) / 1000 };
}
