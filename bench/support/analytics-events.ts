/**
 * Mail events and link clicks for the analytics bench, generated inside PostgreSQL (`insert ...
 * select` over `generate_series`, as report-messages.ts does, through the tables' triggers), spread
 * over the last 120 days, the same mix every run (`setseed`).
 */
import type pg from 'pg';

const DAYS = 120;
const CHUNK = 500_000;

/** Rows per statement, `first` to `last` inclusive, handed to `statement` as $1 and $2. */
async function inChunks(client: pg.Client, total: number, statement: string, values: readonly unknown[]): Promise<void> {
  for (let first = 1; first <= total; first += CHUNK) await client.query(statement, [first, Math.min(total, first + CHUNK - 1), ...values]);
}

/**
 * About `events` events of `accountId`'s emails, four per email on average: each email queued and
 * sent, then delivered (96%), bounced (2%) or failed (2%), and of the delivered ones a third opened,
 * a tenth clicked, one in a thousand complained, each a few minutes to two days after sending.
 */
export async function generateMailEvents(client: pg.Client, accountId: string, events: number): Promise<{ emails: number; events: number; seconds: number }> {
  const started = performance.now();
  await client.query('select setseed(0.34)');
  const emails = Math.ceil(events / 3.4);
  await inChunks(
    client,
    emails,
    `insert into email (id, account_id, domain_id, from_address, recipients, subject, tags, content, status, created_at, updated_at)
     select 'em_bench_' || $3::text || '_' || g, $4::text, 'dom_bench', 'orders@duka.co.ke', '["buyer@example.org"]', 'Your Duka order', '[]', '{}', 'delivered', created, created
     from generate_series($1::int, $2::int) g cross join lateral (select now() - random() * interval '${DAYS} days' + g * interval '0' as created) c`,
    [accountId.slice(-8), accountId],
  );
  await inChunks(
    client,
    emails,
    `insert into email_event (email_id, type, recipient, at)
     select e.id, v.type, 'buyer@example.org', e.created_at + v.after
     from generate_series($1::int, $2::int) g
     join email e on e.id = 'em_bench_' || $3::text || '_' || g
     cross join lateral (select random() + g * 0 as r1, random() as r2) r
     cross join lateral (values
       ('queued', interval '0', true), ('sent', interval '2 seconds', true),
       ('delivered', interval '9 seconds', r1 < 0.96), ('bounced', interval '30 seconds', r1 >= 0.96 and r1 < 0.98), ('failed', interval '1 minute', r1 >= 0.98),
       ('opened', r2 * interval '2 days', r1 < 0.96 and r2 < 0.33), ('clicked', r2 * interval '2 days' + interval '1 minute', r1 < 0.96 and r2 < 0.1),
       ('complained', interval '3 days', r1 < 0.96 and r2 < 0.001)
     ) as v (type, after, happened)
     where v.happened and e.created_at + v.after <= now()`,
    [accountId.slice(-8)],
  );
  const { rows } = await client.query<{ n: number }>('select count(*)::int as n from email_event e join email m on m.id = e.email_id where m.account_id = $1', [accountId]);
  return { emails, events: rows[0]!.n, seconds: (performance.now() - started) / 1000 };
}

/**
 * `clicks` clicks of `linkId`: a visitor among `clicks / 5` (a fifth of them return on other days),
 * 6% bots, five countries, three devices, five browsers, six referrers (`direct` the most).
 */
export async function generateClicks(client: pg.Client, linkId: string, clicks: number): Promise<{ clicks: number; seconds: number }> {
  const started = performance.now();
  await client.query('select setseed(0.34)');
  await inChunks(
    client,
    clicks,
    `insert into link_click (link_id, at, country, device, browser, referrer, bot, visitor)
     select $3::text, now() - r1 * interval '${DAYS} days',
       case when r2 < 0.55 then 'KE' when r2 < 0.75 then 'NG' when r2 < 0.85 then 'TZ' when r2 < 0.95 then 'UG' when r2 < 0.98 then 'GH' end,
       case when r3 < 0.7 then 'mobile' when r3 < 0.95 then 'desktop' else 'tablet' end,
       case when r4 < 0.5 then 'Chrome' when r4 < 0.7 then 'Safari' when r4 < 0.85 then 'Opera Mini' when r4 < 0.95 then 'Firefox' when r4 < 0.99 then 'Edge' end,
       case when r5 < 0.4 then 'direct' when r5 < 0.6 then 'duka.co.ke' when r5 < 0.75 then 'facebook.com' when r5 < 0.85 then 'instagram.com' when r5 < 0.95 then 't.co' else 'google.com' end,
       r2 > 0.94,
       lpad(to_hex((random() * $4::int / 5)::int), 64, '0')
     from generate_series($1::int, $2::int) g cross join lateral (select random() + g * 0 as r1, random() as r2, random() as r3, random() as r4, random() as r5) r`,
    [linkId, clicks],
  );
  return { clicks, seconds: (performance.now() - started) / 1000 };
}
