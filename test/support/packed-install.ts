/** For the tests that install Tuma's packed packages into a folder of their own and run them there, as a user would. */
import { spawnSync, type SpawnSyncReturns } from 'node:child_process';
import { expect } from 'chai';

/** npm as the test runs it (npm test sets npm_execpath), else the one on PATH. */
export function npm(args: string[], cwd: string): SpawnSyncReturns<string> {
  const cli = process.env.npm_execpath;
  const [command, argv] = cli && cli.endsWith('.js') ? [process.execPath, [cli, ...args]] : ['npm', args];
  return spawnSync(command, argv, { cwd, encoding: 'utf8', timeout: 120_000, env: { ...process.env, NODE_OPTIONS: '' } });
}

/** The run's output, once it exited 0 (its output in the failure otherwise). */
export function succeeded(what: string, run: SpawnSyncReturns<string>): string {
  expect(run.status, `${what}\n${run.stdout}\n${run.stderr}`).to.equal(0);
  return run.stdout;
}

/** The ```ts blocks of a Markdown file: the snippets a test compiles. */
export const typeScriptBlocks = (markdown: string): string[] => [...markdown.matchAll(/```ts\n([\s\S]*?)```/g)].map((match) => match[1]!);
