import { expect } from 'chai';
import { currency, Money, newId } from '@tuma/kernel';
import { ReferenceDigests } from '@tuma/kernel/testing';
import { CachingVerifyAppRepository, DatabaseNotifications, MikroOrmUnitOfWork, MikroOrmVelocityLimits, MikroOrmVerificationRepository, MikroOrmVerifyAppRepository, type Database } from '../../src/index.ts';
import { CheckVerification, CodeHasher, FailUnsentVerifications, Verification, VERIFY_APP_DEFAULTS, type VerificationSnapshot, type VerifyAppRepository, type VerifyAppSnapshot } from '@tuma/verification';
import { describeVelocityLimitsContract, describeVerificationRepositoryContract, describeVerifyAppRepositoryContract } from '@tuma/verification/testing/contracts';
import { databaseKind, testDatabase, truncateAll } from '../../../../test/support/test-database.ts';
import { insertAccount } from '../support/wallet-accounts.ts';
import { until } from '../../../../test/support/until.ts';

const T0 = new Date('2026-06-01T08:00:00.000Z');
const policy = { ttlSeconds: 600, maxCheckAttempts: 5, maxSends: 5, resendCooldownSeconds: 30 };

/** An empty database with two accounts. */
async function freshDatabase(): Promise<{ database: Database; accountIds: [string, string] }> {
  const database = await testDatabase();
  await truncateAll(database);
  return { database, accountIds: [await insertAccount(database), await insertAccount(database)] };
}

describeVerificationRepositoryContract(`MikroORM on ${databaseKind()}`, async () => {
  const { database, accountIds } = await freshDatabase();
  return {
    verifications: new MikroOrmVerificationRepository(database),
    accountIds,
    step: (work) => database.withContext(work),
    transaction: (work) => database.withContext(() => database.em.transactional(() => work())),
  };
});

describeVerifyAppRepositoryContract(`MikroORM on ${databaseKind()}`, async () => {
  const { database, accountIds } = await freshDatabase();
  return { apps: new MikroOrmVerifyAppRepository(database), accountIds, step: (work) => database.withContext(work) };
});

describeVelocityLimitsContract(`MikroORM on ${databaseKind()}`, async () => {
  const database = await testDatabase();
  await truncateAll(database);
  return { limits: new MikroOrmVelocityLimits(database), prefix: `${newId('acc')}:`, step: (work) => database.withContext(work) };
});

describe(`Verify stores on ${databaseKind()}`, () => {
  let database: Database;
  let account: string;
  const started = (to: string, at: Date, environment: 'live' | 'test' = 'live'): VerificationSnapshot =>
    Verification.start(
      { id: newId('ver', at), accountId: account, environment, appId: 'vera_1', to, country: 'KE', policy, codeHash: 'ab'.repeat(32), messageId: newId('msg', at), cost: Money.parse('0.8', currency('KES'))._unsafeUnwrap() },
      at,
    ).toSnapshot();

  beforeEach(async () => {
    database = await testDatabase();
    await truncateAll(database);
    account = await insertAccount(database);
  });

  it('refuses to keep a hash for a final verification (a database check)', async () => {
    await database.withContext(async () => {
      const repository = new MikroOrmVerificationRepository(database);
      const v = started('+254712000004', T0);
      await repository.add([v]);
      let refused: unknown;
      await repository.save([{ ...v, status: 'approved' }]).catch((error: unknown) => (refused = error));
      expect(String(refused)).to.match(/check constraint/);
    });
  });

  it('locks a verification for the unit of work: concurrent checks take turns', async () => {
    const repository = new MikroOrmVerificationRepository(database);
    const scope = { accountId: account, environment: 'live' as const };
    const v = started('+254712000005', T0);
    await database.withContext(() => repository.add([v]));
    // Five wrong checks at once, each reading, counting and writing under the lock: all five count.
    await Promise.all(
      Array.from({ length: 5 }, () =>
        database.withContext(async () => {
          await database.em.transactional(async () => {
            const locked = Verification.rehydrate((await repository.lock(scope, v.id))!);
            locked.check(false, T0);
            await repository.save([locked.toSnapshot()]);
          });
        }),
      ),
    );
    const after = await database.withContext(() => repository.find(scope, v.id));
    expect([after!.checkAttempts, after!.status]).to.deep.equal([5, 'max_attempts_reached']);
  });

  it("fails the pending verifications whose latest code's SMS an unsent-message guard failed, and no other", async () => {
    const repository = new MikroOrmVerificationRepository(database);
    const live = { accountId: account, environment: 'live' as const };
    const [unsent, resent, approved, other] = ['+254712000011', '+254712000012', '+254712000013', '+254712000014'].map((to) => started(to, T0));
    const approvedOne = Verification.rehydrate(approved!);
    approvedOne.check(true, T0);
    // `resent`'s first SMS is the failed one; its latest code went in another message.
    const resentOne = { ...resent!, messageIds: [unsent!.messageIds[0]!.replace('msg_', 'msg_x'), 'msg_later'] };
    await database.withContext(() => repository.add([unsent!, resentOne, approvedOne.toSnapshot(), other!]));
    const failedIds = [unsent!.messageIds[0]!, resentOne.messageIds[0]!, approved!.messageIds[0]!];
    const count = await database.withContext(() => database.em.transactional(() => new FailUnsentVerifications(repository, { now: () => T0 }).execute(failedIds)));
    expect(count._unsafeUnwrap()).to.equal(1);
    const after = await database.withContext(() => Promise.all([unsent!, resentOne, approved!, other!].map((v) => repository.find(live, v.id))));
    expect(after.map((v) => v!.status)).to.deep.equal(['failed', 'pending', 'approved', 'pending']);
    expect(after[0]!.cost.toDecimalString(), 'its charge was refunded').to.equal('0.000000');
    await database.withContext(async () => expect(await repository.lockByLatestMessage([]).catch((error: Error) => error.message)).to.match(/unit of work/));
  });

  it('counts every check of a verification checked from many processes at once: wrong ones use up the attempts exactly, then even the right code fails', async () => {
    const repository = new MikroOrmVerificationRepository(database);
    const live = { accountId: account, environment: 'live' as const };
    const hasher = new CodeHasher(new ReferenceDigests(), () => Buffer.alloc(32, 7));
    const v = { ...started('+254712000011', T0), codeHash: hasher.hash('ver_race', '482913'), id: 'ver_race' };
    await database.withContext(() => repository.add([v]));
    const clock = { now: () => T0 };
    // One CheckVerification per simulated process, each batch in a database context of its own.
    const processes = Array.from({ length: 4 }, () => new CheckVerification(repository, hasher, new MikroOrmUnitOfWork(database), clock, { around: (work) => database.withContext(work) }));
    const answers = (await Promise.all(Array.from({ length: 12 }, (_, i) => processes[i % 4]!.execute(live, v.id, '000001')))).map((answer) => answer._unsafeUnwrap());
    expect(answers.filter((answer) => answer.status === 'pending').map((answer) => answer.attemptsLeft).toSorted(), 'each attempt counted once').to.deep.equal([1, 2, 3, 4]);
    expect(answers.filter((answer) => answer.status === 'max_attempts_reached')).to.have.length(8);
    const after = await database.withContext(() => repository.find(live, v.id));
    expect([after!.checkAttempts, after!.status]).to.deep.equal([5, 'max_attempts_reached']);
    expect((await processes[0]!.execute(live, v.id, '482913'))._unsafeUnwrap(), 'even the right code, now').to.include({ valid: false, status: 'max_attempts_reached' });
  });

  it('makes one default app when many first uses race', async () => {
    const apps = new MikroOrmVerifyAppRepository(database);
    const draft = () => ({ ...VERIFY_APP_DEFAULTS, id: newId('vera'), accountId: account, isDefault: true, createdAt: T0, updatedAt: T0 });
    const made = await Promise.all(Array.from({ length: 5 }, () => database.withContext(() => apps.ensureDefault(draft()))));
    expect(new Set(made.map((app) => app.id)).size).to.equal(1);
    expect(await database.withContext(() => apps.list(account))).to.deep.equal([made[0]]);
  });
  it('counts velocity exactly under concurrency: of 20 starts at once with a limit of 5, 5 pass', async () => {
    const limits = new MikroOrmVelocityLimits(database);
    const decisions = await Promise.all(
      Array.from({ length: 20 }, () => database.withContext(async () => (await limits.take([[{ key: `n:${account}`, limit: 5 }, { key: `c:${account}`, limit: 100 }]], 3600))[0]!)),
    );
    expect(decisions.filter((d) => d.allowed)).to.have.length(5);
    for (const refused of decisions.filter((d) => !d.allowed)) {
      expect(refused).to.include({ key: `n:${account}` });
      expect((refused as { retryAfter: number }).retryAfter).to.be.within(1, 3600);
    }
  });

  // How a batch is decided is the contract's (describeVelocityLimitsContract); here, what the table keeps.
  it('keeps one row per counter and window, counting every start of a batch on it (refused ones too)', async () => {
    const limits = new MikroOrmVelocityLimits(database);
    const start = (number: string) => [{ key: `n:${account}:${number}`, limit: 2 }, { key: `c:${account}`, limit: 4 }];
    await database.withContext(() => limits.take([start('1'), start('1'), start('1'), start('2')], 3600));
    await database.withContext(() => limits.take([start('3'), start('4')], 3600));
    const counts = await database.em.execute<{ key: string; count: number }[]>(`select key, count from verify_velocity where key like ? order by key`, [`%${account}%`]);
    expect(counts.map((row) => [row.key, row.count])).to.deep.equal([
      [`c:${account}`, 6],
      [`n:${account}:1`, 3],
      [`n:${account}:2`, 1],
      [`n:${account}:3`, 1],
      [`n:${account}:4`, 1],
    ]);
  });
  describe('the starts\' app cache', () => {
    const hubs: DatabaseNotifications[] = [];
    after(async () => {
      for (const hub of hubs) await hub.stop();
    });

    /** A process's apps: the cache over the table, hearing every process's changes; `reads` counts the table's. */
    async function cachingApps(reads = { count: 0 }): Promise<CachingVerifyAppRepository> {
      const hub = new DatabaseNotifications(database);
      hubs.push(hub);
      await hub.start();
      const stored = new MikroOrmVerifyAppRepository(database);
      const counted: VerifyAppRepository = Object.assign(Object.create(stored) as MikroOrmVerifyAppRepository, {
        find: (accountId: string, id: string) => (reads.count++, stored.find(accountId, id)),
        ensureDefault: (draft: VerifyAppSnapshot) => (reads.count++, stored.ensureDefault(draft)),
      });
      return new CachingVerifyAppRepository(counted, hub, database);
    }
    const draft = (at: Date): VerifyAppSnapshot => ({ ...VERIFY_APP_DEFAULTS, id: newId('vera', at), accountId: account, isDefault: true, createdAt: at, updatedAt: at });

    it('reads an app once, then from memory, and hears another process change it and delete the default', async () => {
      const writer = await cachingApps();
      const reads = { count: 0 };
      const reader = await cachingApps(reads);
      const byDefault = await Promise.all(Array.from({ length: 5 }, () => reader.ensureDefault(draft(new Date()))));
      expect(new Set(byDefault.map((app) => app.id)).size, 'one default').to.equal(1);
      for (let i = 0; i < 5; i++) expect((await reader.find(account, byDefault[0]!.id))?.brand).to.equal('Verify');
      expect(reads.count, 'the default once, the app by id once').to.equal(2);

      await database.withContext(() => writer.save({ ...byDefault[0]!, brand: 'Duka', updatedAt: new Date() }));
      await until('the change to be heard', () => reader.find(account, byDefault[0]!.id), (app) => app?.brand === 'Duka', 2_000);
      await database.withContext(() => writer.remove(account, byDefault[0]!.id));
      const replaced = await until('the deletion to be heard', () => reader.ensureDefault(draft(new Date())), (app) => app.id !== byDefault[0]!.id, 2_000);
      expect(replaced).to.include({ isDefault: true, brand: 'Verify' });
    });
  });
});
