/**
 * The contact import's CSV reader against csv-parse (the maintained library issue 10 asked us to
 * weigh), on the same 100,000-row file in the same run: median of 5 parses each, in memory.
 *
 * Run: `npm run bench csv-parse`.
 */
import { parse } from 'csv-parse/sync';
import { parseCsv } from '@tuma/messaging';

const ROWS = 100_000;
const RUNS = 5;

function file(): string {
  const lines = ['phone,name,city,order_id'];
  for (let i = 0; i < ROWS; i++) {
    const name = i % 10 === 0 ? `"Otieno, Amina ""${i}"""` : `Amina ${i}`;
    lines.push(`+2547${String(10_000_000 + i).slice(-8)},${name},${i % 3 === 0 ? '"Nairobi\nWest"' : 'Mombasa'},KE-${i}`);
  }
  return lines.join('\r\n');
}

function median(work: () => number): { ms: number; records: number } {
  const times: number[] = [];
  let records = 0;
  for (let run = 0; run < RUNS; run++) {
    const started = performance.now();
    records = work();
    times.push(performance.now() - started);
  }
  return { ms: times.sort((a, b) => a - b)[Math.floor(RUNS / 2)]!, records };
}

export default async function (): Promise<void> {
  const text = file();
  const ours = median(() => parseCsv(text).length);
  const library = median(() => (parse(text, { relax_quotes: true, relax_column_count: true }) as string[][]).length);
  console.log(`${ROWS.toLocaleString('en-US')} rows, ${(text.length / 1e6).toFixed(1)} MB, median of ${RUNS}`);
  console.log('| parser | records | median |\n|---|---|---|');
  console.log(`| ours (packages/messaging/src/domain/contacts/csv.ts) | ${ours.records} | ${Math.round(ours.ms)} ms |`);
  console.log(`| csv-parse 6 (sync, relax_quotes, relax_column_count) | ${library.records} | ${Math.round(library.ms)} ms |`);
}
