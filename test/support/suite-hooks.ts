/**
 * Loaded by both mocha configs (`require`): the run's and every file's database (test-database.ts).
 * Global fixtures run once per run in mocha's main process; root hooks run once per file in
 * parallel mode (`npm test`, `npm run test:db`) and once per run when a run is serial.
 * With TEST_TIMES=<file>, each file's worker, start and end are appended there (docs/testing.md).
 */
import { appendFileSync } from 'node:fs';
import type { Context } from 'mocha';
import { beginFileDatabase, dropLeftFileDatabases, endFileDatabase, migrateRunDatabase } from './test-database.ts';

export const mochaGlobalSetup = migrateRunDatabase;
export const mochaGlobalTeardown = dropLeftFileDatabases;

let startedAt = 0;

export const mochaHooks = {
  async beforeAll(): Promise<void> {
    startedAt = Date.now();
    await beginFileDatabase();
  },
  async afterAll(this: Context): Promise<void> {
    await endFileDatabase();
    const times = process.env.TEST_TIMES;
    const file = this.test?.parent?.suites[0]?.file;
    if (times && file) appendFileSync(times, `${process.env.MOCHA_WORKER_ID ?? 0}\t${startedAt}\t${Date.now()}\t${file.replace(`${process.cwd()}/`, '')}\n`);
  },
};
