import { expect } from 'chai';
import { IdempotencyKey, newClaim, claimOf, type IdempotencyRecord, type IdempotencyScope } from '@tuma/idempotency';
import { describeIdempotencyKeyStoreContract } from '@tuma/idempotency/testing/contracts';
import { ResultAsync } from '@tuma/kernel';
import { MikroOrmIdempotencyKeyStore, MikroOrmUnitOfWork, type Database } from '../../src/index.ts';
import { databaseKind, testDatabase, truncateAll } from '../../../../test/support/test-database.ts';
import { insertAccount } from '../support/wallet-accounts.ts';

describeIdempotencyKeyStoreContract(`MikroORM on ${databaseKind()}`, async () => {
  const database = await testDatabase();
  await truncateAll(database);
  return {
    store: new MikroOrmIdempotencyKeyStore(database),
    accountIds: [await insertAccount(database), await insertAccount(database)],
    step: (work) => database.withContext(work),
  };
});

describe(`MikroOrmIdempotencyKeyStore in units of work on ${databaseKind()}`, () => {
  const at = new Date('2026-11-24T09:00:00.000Z');
  const claimFor = (scope: IdempotencyScope, key: string, when = at): IdempotencyRecord =>
    newClaim({ scope, key: IdempotencyKey.create(key)._unsafeUnwrap(), operation: 'POST /api/messages/send', fingerprint: 'a'.repeat(64) }, when, 60_000);
  const setUp = async () => {
    const database = await testDatabase();
    await truncateAll(database);
    const scope: IdempotencyScope = { accountId: await insertAccount(database), environment: 'live' };
    return { database, scope, store: new MikroOrmIdempotencyKeyStore(database), unitOfWork: new MikroOrmUnitOfWork(database) };
  };
  const RESPONSE = { status: 200, headers: {}, body: { id: 'msg_1' } };
  /** One claim in a context of its own: undefined when stored, else the record holding its key. */
  const insertOrFind = (database: Database, store: MikroOrmIdempotencyKeyStore, claim: IdempotencyRecord) =>
    database.withContext(async () => (await store.insertOrFind([claim]))[0]);

  it('keeps a response completed in a unit of work only if the unit of work commits', async () => {
    const { database, scope, store, unitOfWork } = await setUp();
    const record = claimFor(scope, 'k-rollback');
    await insertOrFind(database, store, record);
    const failed = await database.withContext(() =>
      unitOfWork.run(() =>
        ResultAsync.fromSafePromise(
          (async () => {
            expect(await store.hold([claimOf(record)])).to.deep.equal([true]);
            await store.complete([{ claim: claimOf(record), response: RESPONSE }], at);
          })(),
        ).andThen(() => ResultAsync.fromPromise(Promise.reject(new Error('the charge failed')), (error) => error)),
      ),
    );
    expect(failed.isErr()).to.equal(true);
    const seen = await insertOrFind(database, store, claimFor(scope, 'k-rollback'));
    expect(seen!.response, 'rolled back with the unit of work').to.equal(null);
  });

  it('makes a takeover wait for the unit of work holding the claim, then refuses it once the response committed', async function () {
    if (databaseKind() !== 'postgresql') {
      this.test!.title += ' [skipped: needs PostgreSQL (DATABASE_URL); embedded PGlite runs one transaction at a time]';
      this.skip();
    }
    const { database, scope, store, unitOfWork } = await setUp();
    const record = claimFor(scope, 'k-race');
    await insertOrFind(database, store, record);
    let letCommit: () => void = () => undefined;
    let held: () => void = () => undefined;
    const holding = new Promise<void>((resolve) => (held = resolve));
    const effect = database.withContext(() =>
      unitOfWork.run(() =>
        ResultAsync.fromSafePromise(
          (async () => {
            expect(await store.hold([claimOf(record)])).to.deep.equal([true]);
            held();
            await new Promise<void>((resolve) => (letCommit = resolve));
            await store.complete([{ claim: claimOf(record), response: RESPONSE }], at);
          })(),
        ),
      ),
    );
    await holding;
    let settled = false;
    const takeover = database.withContext(() => store.replace(record, claimFor(scope, 'k-race', new Date(at.getTime() + 120_000)))).finally(() => (settled = true));
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(settled, 'the takeover waits for the holder').to.equal(false);
    letCommit();
    await effect;
    expect(await takeover, 'the record was answered meanwhile').to.equal(false);
    const seen = await insertOrFind(database, store, claimFor(scope, 'k-race'));
    expect(seen).to.deep.include({ owner: record.owner, response: RESPONSE });
  });

  it('lets exactly one of twenty concurrent claims of a key in', async () => {
    const { database, scope, store } = await setUp();
    const claims = Array.from({ length: 20 }, () => claimFor(scope, 'k-twenty'));
    const found = await Promise.all(claims.map((claim) => insertOrFind(database, store, claim)));
    const winners = claims.filter((_, index) => found[index] === undefined);
    expect(winners).to.have.length(1);
    for (const existing of found.filter((record) => record !== undefined)) expect(existing!.owner).to.equal(winners[0]!.owner);
  });
});
