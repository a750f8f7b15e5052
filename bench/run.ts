/**
 * `npm run bench`: runs every `*.bench.ts` in this folder (or those named on the command line).
 * Each exports a default async function that measures against a named peer or baseline and prints.
 */
import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const wanted = process.argv.slice(2);
const files = readdirSync(here)
  .filter((file) => file.endsWith('.bench.ts'))
  .filter((file) => wanted.length === 0 || wanted.some((name) => file.includes(name)))
  .sort();

for (const file of files) {
  console.log(`\n## ${file}`);
  const module = (await import(pathToFileURL(join(here, file)).href)) as { default: () => Promise<void> };
  await module.default();
}
