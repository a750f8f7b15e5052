/**
 * Mail and link analytics at scale (issue 34, goal 5): an account's mail analytics over its
 * BENCH_ANALYTICS_EVENTS email events (default 10,000,000) and one link's analytics over as many
 * clicks (`analytics-events.ts` says how they are made), from the daily tallies, beside the baseline
 * in the same run: the scan the analytics did before (`MAIL_EVENT_SCAN`, `CLICK_SCAN`: the same
 * statement over every event of the window). Both run in this process through the stores the
 * endpoints call (`MikroOrmMailAnalytics.daily`, `MikroOrmClicks.summarize`), alternating, BENCH_ROUNDS
 * rounds (default 5), medians printed; every answer must equal the scan's. Windows: the mail API's
 * 30 and 90 days, the links API's default 14 and its longest, 365.
 * Run: `npm run bench analytics` (DATABASE_URL's server, a scratch database).
 */
import { deepStrictEqual } from 'node:assert';
import pg from 'pg';
import { analyticsWindow } from '@tuma/links';
import { CLICK_SCAN, Database, EMAIL_EVENT_TALLY, LINK_CLICK_TALLY, MAIL_EVENT_SCAN, MikroOrmClicks, MikroOrmMailAnalytics, RollupFolds } from '@tuma/mikro-orm-adapter';
import { generateClicks, generateMailEvents } from './support/analytics-events.ts';
import { median } from './support/measure.ts';
import { analyze, withScratchDatabase } from './support/scratch-database.ts';

const EVENTS = Number(process.env.BENCH_ANALYTICS_EVENTS ?? 10_000_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const DAY_MS = 86_400_000;

interface Case {
  readonly name: string;
  readonly goalMs: number;
  readonly tallied: () => Promise<unknown>;
  readonly scanned: () => Promise<unknown>;
}

async function timed<T>(work: () => Promise<T>): Promise<{ ms: number; value: T }> {
  const started = performance.now();
  const value = await work();
  return { ms: performance.now() - started, value };
}

async function insertAccount(client: pg.Client, id: string): Promise<void> {
  await client.query(`insert into account (id, email, status, is_admin, wallet_currency, created_at, updated_at) values ($1::text, $1::text || '@duka.co.ke', 'active', false, 'USD', now(), now())`, [id]);
}

export default async function analyticsBench(): Promise<void> {
  await withScratchDatabase(async (url) => {
    const database = await Database.open({ url, dataDir: 'memory://' });
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      await database.migrate();
      const account = 'acc_bench_mail';
      await insertAccount(client, account);
      await insertAccount(client, 'acc_bench_links');
      const mail = await generateMailEvents(client, account, EVENTS);
      console.log(`generated ${mail.events.toLocaleString('en-US')} events of ${mail.emails.toLocaleString('en-US')} emails in ${mail.seconds.toFixed(1)} s, with their tallies by the triggers`);
      const link = 'lnk_bench';
      await client.query(`insert into link (id, account_id, environment, slug, url, tags, utm, created_at, updated_at) values ($1, 'acc_bench_links', 'live', 'duka', 'https://duka.co.ke/sale', '[]', '{}', now(), now())`, [link]);
      const clicks = await generateClicks(client, link, EVENTS);
      console.log(`generated ${clicks.clicks.toLocaleString('en-US')} clicks in ${clicks.seconds.toFixed(1)} s, with their tallies and visitors by the trigger`);
      const folding = await timed(() => database.withContext(() => new RollupFolds(database, [EMAIL_EVENT_TALLY, LINK_CLICK_TALLY]).foldAll()));
      const { rows: sizes } = await client.query<Record<string, string>>(
        `select ${['email_event_tally', 'link_click_tally', 'link_visitor_day', 'link_visitor', 'link_click', 'email_event'].map((table) => `pg_size_pretty(pg_total_relation_size('${table}')) as ${table}`).join(', ')}`,
      );
      console.log(`folded ${folding.value.toLocaleString('en-US')} tally rows in ${Math.round(folding.ms)} ms; sizes: ${JSON.stringify(sizes[0])}`);
      await analyze(url);

      const mailFrom = (days: number) => new Date(Math.floor(Date.now() / DAY_MS) * DAY_MS - (days - 1) * DAY_MS);
      const cases: Case[] = [
        ...[30, 90].map((days) => ({
          name: `mail analytics, ${days} days`,
          goalMs: 200,
          tallied: () => new MikroOrmMailAnalytics(database).daily(account, mailFrom(days), days),
          scanned: () => new MikroOrmMailAnalytics(database, MAIL_EVENT_SCAN).daily(account, mailFrom(days), days),
        })),
        ...[14, 365].map((days) => ({
          name: `link analytics, ${days} days`,
          goalMs: 200,
          tallied: () => new MikroOrmClicks(database).summarize(link, analyticsWindow(new Date(), days)),
          scanned: () => new MikroOrmClicks(database, CLICK_SCAN).summarize(link, analyticsWindow(new Date(), days)),
        })),
      ];
      const rows: string[] = [];
      for (const benchCase of cases) {
        const baseline: number[] = [];
        const tallies: number[] = [];
        for (let round = 0; round < ROUNDS; round++) {
          const scan = await timed(() => database.withContext(benchCase.scanned));
          const tally = await timed(() => database.withContext(benchCase.tallied));
          deepStrictEqual(tally.value, scan.value, `${benchCase.name}: the tallies' answer differs from the scan's`);
          baseline.push(scan.ms);
          tallies.push(tally.ms);
        }
        const [scanMs, tallyMs] = [median(baseline), median(tallies)];
        rows.push(`| ${benchCase.name} | ${Math.round(scanMs).toLocaleString('en-US')} ms | **${Math.round(tallyMs).toLocaleString('en-US')} ms** | ${(scanMs / tallyMs).toFixed(0)}x |`);
      }
      console.log(`\n${EVENTS.toLocaleString('en-US')} events each, medians of ${ROUNDS} alternating rounds, every answer equal to the scan's:\n`);
      console.log('| read | baseline: scan | tallies | speed-up |\n|---|---|---|---|');
      for (const row of rows) console.log(row);
    } finally {
      await client.end();
      await database.close();
    }
  });
}
