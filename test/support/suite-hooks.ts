/**
 * Loaded by both mocha configs (`require`): the run's and every file's database (test-database.ts).
 * Global fixtures run once per run in mocha's main process; root hooks run once per file in
 * parallel mode (`npm test`, `npm run test:db`) and once per run when a run is serial.
 */
import { beginFileDatabase, dropLeftFileDatabases, endFileDatabase, migrateRunDatabase } from './test-database.ts';

export const mochaGlobalSetup = migrateRunDatabase;
export const mochaGlobalTeardown = dropLeftFileDatabases;

export const mochaHooks = {
  beforeAll: beginFileDatabase,
  afterAll: endFileDatabase,
};
