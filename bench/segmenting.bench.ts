/**
 * SMS segmenter throughput against split-sms on one deterministic corpus.
 * Run: `npm run bench -- segmenting`.
 *
 * split-sms does less work (no grapheme clusters, no character count), so the comparison is
 * conservative for us.
 */
import { createRequire } from 'node:module';
import { segmentMessage } from '../packages/messaging/src/segmenting.ts';
import { seededRandom } from '../packages/kernel/src/index.ts';

/** split-sms 0.1.7 ships CommonJS without types. */
interface SplitSms {
  split(message: string): { characterSet: string; parts: unknown[] };
}
const splitSms = createRequire(import.meta.url)('split-sms') as SplitSms;

const CORPUS_SIZE = 20_000;
const WARM_UP_ROUNDS = 3;
const MEASURED_ROUNDS = 7;

const GSM_WORDS = [
  ...['Habari', 'yako', 'salio', 'lako', 'ni', 'KES', '1,250.00', 'asante', 'karibu', 'code:', '4821'],
  ...['Tuma', 'OTP', 'send', 'the', 'your', 'à', 'Ñoño', 'Δ', 'é', '@home', '£5', '_x_'],
];
const EXTENSION_WORDS = ['€10', '{promo}', '[code]', '~50%', '^_^', 'a|b', 'c\\d', '{€}'];
const UNICODE_WORDS = ['Привет', 'ሰላም', 'مرحبا', 'नमस्ते', 'Jambo', 'ç', '中文', 'ưu đãi', '“quote”'];
const EMOJI_WORDS = ['😀', '🎉', '🚀', '👍🏽', '👨‍👩‍👧‍👦', '🇰🇪', '🇹🇿', '❤️', '1️⃣', 'poa', 'sana'];

function buildCorpus(size: number): string[] {
  const random = seededRandom(0x7e3a5);
  const pick = (words: readonly string[]): string => words[Math.floor(random() * words.length)] ?? '';
  const sentence = (vocabularies: readonly (readonly string[])[], minLength: number, maxLength: number): string => {
    const target = minLength + Math.floor(random() * (maxLength - minLength + 1));
    let text = '';
    while (text.length < target) {
      text += `${pick(vocabularies[Math.floor(random() * vocabularies.length)] ?? GSM_WORDS)} `;
    }
    return text;
  };
  const corpus: string[] = [];
  for (let index = 0; index < size; index++) {
    const kind = random();
    if (kind < 0.35) corpus.push(sentence([GSM_WORDS], 10, 160));
    else if (kind < 0.55) corpus.push(sentence([GSM_WORDS], 161, 900));
    else if (kind < 0.65) corpus.push(sentence([GSM_WORDS, EXTENSION_WORDS, EXTENSION_WORDS], 40, 500));
    else if (kind < 0.8) corpus.push(sentence([UNICODE_WORDS, GSM_WORDS], 20, 300));
    else corpus.push(sentence([EMOJI_WORDS, GSM_WORDS], 20, 300));
  }
  return corpus;
}

function timeRound(
  corpus: readonly string[],
  segment: (text: string) => number,
): { seconds: number; checksum: number } {
  let checksum = 0;
  const started = performance.now();
  for (const text of corpus) checksum += segment(text);
  return { seconds: (performance.now() - started) / 1000, checksum };
}

const ours = (text: string): number => segmentMessage(text).segments;
const theirs = (text: string): number => splitSms.split(text).parts.length;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

export default async function (): Promise<void> {
  const corpus = buildCorpus(CORPUS_SIZE);
  const codeUnits = corpus.reduce((sum, text) => sum + text.length, 0);
  console.log(`corpus: ${corpus.length} messages, ${codeUnits} UTF-16 code units`);

  for (let round = 0; round < WARM_UP_ROUNDS; round++) {
    timeRound(corpus, ours);
    timeRound(corpus, theirs);
  }
  const oursSeconds: number[] = [];
  const theirsSeconds: number[] = [];
  let oursSegments = 0;
  let theirSegments = 0;
  for (let round = 0; round < MEASURED_ROUNDS; round++) {
    const a = timeRound(corpus, ours);
    const b = timeRound(corpus, theirs);
    oursSeconds.push(a.seconds);
    theirsSeconds.push(b.seconds);
    oursSegments = a.checksum;
    theirSegments = b.checksum;
  }

  const oursRate = corpus.length / median(oursSeconds);
  const theirRate = corpus.length / median(theirsSeconds);
  const format = (rate: number): string => `${Math.round(rate).toLocaleString('en-US')} messages/s`;
  console.log(`segmentMessage: ${format(oursRate)} (median of ${MEASURED_ROUNDS} rounds, ${oursSegments} segments)`);
  console.log(`split-sms:      ${format(theirRate)} (median of ${MEASURED_ROUNDS} rounds, ${theirSegments} segments)`);
  console.log(`ratio ours / split-sms: ${(oursRate / theirRate).toFixed(2)}x`);
}
