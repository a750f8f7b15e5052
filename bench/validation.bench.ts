/**
 * Offline number validation throughput: `validateNumber` against plain libphonenumber-js parsing.
 *
 *   npm run bench -- validation
 *
 * Corpus: 20,000 deterministic numbers across the 54 African markets, built from libphonenumber's
 * example mobile numbers with random tails: mostly E.164, some written with `00` and separators,
 * some one digit short. Rows:
 * - baseline: `parsePhoneNumber` alone (throws on bad input, so wrapped in try/catch), given the
 *   corpus with `00` already turned into `+` (it has no default international prefix);
 * - libphonenumber parse + classify: parse + isPossible + getType + formatNational, i.e. what
 *   `validateNumber` asks of libphonenumber (with full metadata, isValid is getType !== undefined);
 * - `validateNumber`: the above plus our lexical check and the carrier/location prefix lookups.
 * The ratio to the baseline makes the cost of everything on top of parsing visible; the ratio to
 * "parse + classify" isolates our own code.
 */
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { AFRICAN_MARKETS as CATALOGUE_MARKETS } from '../packages/messaging/src/catalogue.ts';
import { validateNumber } from '../packages/messaging/src/numbers.ts';
import { seededRandom } from '../packages/kernel/src/index.ts';

type LibPhoneNumber = typeof import('libphonenumber-js/max');
type CountryCode = import('libphonenumber-js/max').CountryCode;

const CORPUS_SIZE = 20_000;
const ROUNDS = 9;
const SEED = 0x7e11a;

/** The 54 markets of the catalogue, ISO 3166-1 alpha-2. */
const AFRICAN_MARKETS = CATALOGUE_MARKETS.map((market) => market.countryCode as CountryCode);

/** The copy of libphonenumber-js that @tuma/messaging itself resolves, so both sides run the same code and metadata. */
async function loadMessagingLibphonenumber(): Promise<{ lib: LibPhoneNumber; examples: Record<string, string> }> {
  const require = createRequire(new URL('../packages/messaging/package.json', import.meta.url));
  const root = dirname(require.resolve('libphonenumber-js/package.json'));
  const lib = (await import(pathToFileURL(join(root, 'max/index.js')).href)) as LibPhoneNumber;
  const examples = require('libphonenumber-js/examples.mobile.json') as Record<string, string>;
  return { lib, examples };
}

function buildCorpus(lib: LibPhoneNumber, examples: Record<string, string>): string[] {
  const next = seededRandom(SEED);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T;
  const corpus: string[] = [];
  while (corpus.length < CORPUS_SIZE) {
    const country = pick(AFRICAN_MARKETS);
    const example = examples[country] ?? '';
    let national = example.slice(0, 3);
    while (national.length < example.length) national += String(Math.floor(next() * 10));
    const callingCode = lib.getCountryCallingCode(country);
    const shape = next();
    if (shape < 0.8) corpus.push(`+${callingCode}${national}`);
    else if (shape < 0.9) corpus.push(`00${callingCode} ${national.slice(0, 3)} ${national.slice(3)}`);
    else corpus.push(`+${callingCode}${national.slice(0, -1)}`);
  }
  return corpus;
}

interface Subject {
  readonly corpus: readonly string[];
  readonly run: (input: string) => boolean;
}

/**
 * Median throughput of each subject over ROUNDS passes of its corpus, after one warm-up pass.
 * Rounds are interleaved (A B C A B C ...) so drift on a shared machine hits every subject alike.
 */
interface Measured {
  readonly perSecond: number;
  readonly accepted: number;
}

function measure(subjects: readonly Subject[]): Measured[] {
  const accepted = subjects.map(({ corpus, run }) => corpus.filter(run).length);
  const rates = subjects.map((): number[] => []);
  for (let round = 0; round < ROUNDS; round++) {
    subjects.forEach(({ corpus, run }, index) => {
      let sink = 0;
      const started = performance.now();
      for (const input of corpus) if (run(input)) sink++;
      const seconds = (performance.now() - started) / 1000;
      if (sink !== accepted[index]) throw new Error('Non-deterministic benchmark subject');
      rates[index]?.push(corpus.length / seconds);
    });
  }
  return subjects.map((_, index) => {
    const sorted = [...(rates[index] ?? [])].sort((a, b) => a - b);
    return { perSecond: sorted[Math.floor(ROUNDS / 2)] ?? 0, accepted: accepted[index] ?? 0 };
  });
}

export default async function (): Promise<void> {
  const { lib, examples } = await loadMessagingLibphonenumber();
  const corpus = buildCorpus(lib, examples);
  // libphonenumber has no default IDD: hand it `+` where the corpus says `00`, so all rows parse the same numbers.
  const plusCorpus = corpus.map((input) => (input.startsWith('00') ? `+${input.slice(2)}` : input));

  const parseOnly = (input: string): boolean => {
    try {
      return lib.parsePhoneNumber(input).number !== '';
    } catch {
      return false; // a ParseError is an answer here: "not parseable"
    }
  };
  const parseAndClassify = (input: string): boolean => {
    try {
      const number = lib.parsePhoneNumber(input);
      return number.isPossible() && number.getType() !== undefined && number.formatNational() !== '';
    } catch {
      return false; // as above
    }
  };
  const [baseline, classify, ours] = measure([
    { corpus: plusCorpus, run: parseOnly },
    { corpus: plusCorpus, run: parseAndClassify },
    { corpus, run: (input) => validateNumber(input).valid },
  ]) as [Measured, Measured, Measured];

  const rows: Array<[string, Measured, string]> = [
    ['libphonenumber-js/max parsePhoneNumber (baseline)', baseline, 'parsed'],
    ['libphonenumber-js/max parse + possible/type/national', classify, 'valid'],
    ['validateNumber (+ lexical check, carrier/location lookups)', ours, 'valid'],
  ];
  console.log(`corpus: ${corpus.length} numbers, 54 African markets, seed 0x${SEED.toString(16)}; median of ${ROUNDS} interleaved passes`);
  for (const [label, { perSecond, accepted }, what] of rows) {
    const rate = Math.round(perSecond).toLocaleString('en-US').padStart(9);
    console.log(`  ${label.padEnd(60)} ${rate} validations/s  (${what} ${accepted})`);
  }
  console.log(
    `  ratio validateNumber / baseline: ${(ours.perSecond / baseline.perSecond).toFixed(2)}; ` +
      `validateNumber / libphonenumber parse + classify: ${(ours.perSecond / classify.perSecond).toFixed(2)}`,
  );
}
