import { expect } from 'chai';
import { RegisterOperatorKey } from '@tuma/accounts';
import { FakeClock } from '@tuma/kernel/testing';
import { MikroOrmAccountRepository, MikroOrmApiKeyRepository, MikroOrmUnitOfWork } from '../../src/index.ts';
import { databaseKind, testDatabase, truncateAll } from '../../../../test/support/test-database.ts';

describe(`the operator key registered by processes starting together, on ${databaseKind()}`, () => {
  it('ends with one operator key whichever process won, every process answered with it (the losers run again)', async () => {
    const database = await testDatabase();
    await truncateAll(database);
    const clock = new FakeClock('2026-11-25T04:00:00Z');
    // One use case per "process": each its own repositories, all on the one database.
    const processes = Array.from({ length: 4 }, () => new RegisterOperatorKey(new MikroOrmAccountRepository(database), new MikroOrmApiKeyRepository(database), new MikroOrmUnitOfWork(database), clock));
    const plaintext = 'op-key-for-a-fleet-starting-at-once-0123';
    const keys = await Promise.all(processes.map((process) => database.withContext(async () => (await process.execute(plaintext))._unsafeUnwrap())));
    expect(new Set(keys.map((key) => key.id)).size, 'every process has the same key').to.equal(1);
    const active = await database.withContext(() => new MikroOrmApiKeyRepository(database).listActiveOperatorKeys());
    expect(active.map((key) => key.id)).to.deep.equal([keys[0]!.id]);
  });
});
