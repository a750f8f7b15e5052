/**
 * `.env.example`: every variable of the configuration schema (`CONFIG_VARIABLES`), in its order,
 * each under the meaning and default the README's "Configuration" table gives it, commented out
 * (its default holds until it is set: a blank value would reach Node's own, UV_THREADPOOL_SIZE).
 * `npm run env:example` writes it; test/architecture/env-example.test.ts fails when the file or the
 * README's table misses a variable.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { CONFIG_VARIABLES } from '@tuma/server';

const ROOT = join(import.meta.dirname, '..');
export const ENV_EXAMPLE_PATH = join(ROOT, '.env.example');

interface Documented {
  readonly names: readonly string[];
  readonly defaults: string;
  readonly meaning: string;
}

/** Markdown to plain text: links become their text, code spans lose their backticks. */
const plain = (markdown: string): string => markdown.replace(/\[([^\]]+)\]\([^)]+\)/g, '$1').replace(/`/g, '').trim();

/** The rows of the README's configuration table, each with the variables it names. */
export function documentedVariables(readme = readFileSync(join(ROOT, 'README.md'), 'utf8')): Documented[] {
  const section = readme.slice(readme.indexOf('## Configuration'));
  const rows = section.slice(0, section.indexOf('\n## ')).split('\n').filter((line) => line.startsWith('| `'));
  return rows.map((row) => {
    const [names = '', defaults = '', meaning = ''] = row.slice(1, -1).split(' | ');
    return { names: [...names.matchAll(/`([A-Z0-9_]+)`/g)].map((match) => match[1]!), defaults: plain(defaults), meaning: plain(meaning) };
  });
}

export function envExample(): string {
  const rows = documentedVariables();
  const lines = [
    '# Tuma configuration: every variable the server and the CLI read, each at its default until set (README.md, "Configuration").',
    '# Written by `npm run env:example` from the configuration schema and the README. On PostgreSQL, give every process',
    '# of a fleet the same secrets (docs/deployment.md, "What every process must share"); `GET /health/ready` names those',
    '# a process keeps for itself.',
  ];
  let previous: Documented | undefined;
  for (const name of CONFIG_VARIABLES) {
    const row = rows.find((candidate) => candidate.names.includes(name));
    if (!row) throw new Error(`${name} is not in the README's configuration table`);
    if (row !== previous) lines.push('', `# ${row.meaning}`, `# Default: ${row.defaults}`);
    lines.push(`# ${name}=`);
    previous = row;
  }
  return `${lines.join('\n')}\n`;
}
