import { expect } from 'chai';
import type { SessionSnapshot } from '@tuma/identity';
import { describeIdentityStoresContract } from '@tuma/identity/testing/contracts';
import { MikroOrmFailureLog, MikroOrmServiceMailOutbox, MikroOrmMembershipRepository, MikroOrmSessionRepository, MikroOrmTokenStore, MikroOrmUserRepository } from '../../src/index.ts';
import { databaseKind, testDatabase, truncateAll } from '../../../../test/support/test-database.ts';

describeIdentityStoresContract(`MikroORM on ${databaseKind()}`, async () => {
  const database = await testDatabase();
  await truncateAll(database);
  return {
    users: new MikroOrmUserRepository(database),
    tokens: new MikroOrmTokenStore(database),
    sessions: new MikroOrmSessionRepository(database),
    memberships: new MikroOrmMembershipRepository(database),
    failureLog: new MikroOrmFailureLog(database),
    // A unit of work per step, as the use cases that lock run theirs.
    step: (work) => database.withContext(() => database.em.transactional(work)),
  };
});

describe(`identity stores on ${databaseKind()}`, () => {
  const at = new Date('2026-11-24T09:00:00.000Z');

  beforeEach(async () => truncateAll(await testDatabase()));

  it('rotates a refresh token once when many refreshes present it at once', async () => {
    const database = await testDatabase();
    const sessions = new MikroOrmSessionRepository(database);
    const session: SessionSnapshot = {
      id: 'ses_1',
      userId: 'usr_1',
      accountId: 'acc_1',
      tokenHash: 'a'.repeat(64),
      createdAt: at,
      rotatedAt: at,
      refreshExpiresAt: new Date(at.getTime() + 3_600_000),
      expiresAt: new Date(at.getTime() + 7_200_000),
      endedAt: null,
      endReason: null,
    };
    await database.withContext(() => sessions.add(session));
    const outcomes = await Promise.all(
      ['b', 'c', 'd', 'e', 'f'].map((next) =>
        database.withContext(() => sessions.rotate(session.id, session.tokenHash, { tokenHash: next.repeat(64), rotatedAt: at, refreshExpiresAt: session.refreshExpiresAt })),
      ),
    );
    expect(outcomes.filter(Boolean)).to.have.length(1);
  });

  it('consumes a token once when many uses present it at once', async () => {
    const database = await testDatabase();
    const tokens = new MikroOrmTokenStore(database);
    const token = { tokenHash: '7'.repeat(64), purpose: 'verify_email' as const, subject: 'usr_1', createdAt: at, expiresAt: new Date(at.getTime() + 60_000) };
    await database.withContext(() => tokens.add(token));
    const used = await Promise.all(Array.from({ length: 5 }, () => database.withContext(() => tokens.consume('verify_email', token.tokenHash, at))));
    expect(used.filter((found) => found !== undefined)).to.have.length(1);
  });

  it('forgets failed guesses past the retention (a day) at the next failure, of every key', async () => {
    const database = await testDatabase();
    const failures = new MikroOrmFailureLog(database);
    await database.withContext(() => failures.record(['login:subject:a@example.com', 'link:ip:192.0.2.1'], at));
    await database.withContext(() => failures.record(['smtp:subject:tuma_b'], new Date(at.getTime() + 24 * 60 * 60_000 - 1)));
    const keys = async () => (await database.withContext(() => database.em.execute<{ key: string }[]>('select key from guess_failure order by key'))).map((row) => row.key);
    expect(await keys()).to.have.length(3);
    await database.withContext(() => failures.record(['smtp:subject:tuma_b'], new Date(at.getTime() + 24 * 60 * 60_000)));
    expect(await keys()).to.deep.equal(['smtp:subject:tuma_b', 'smtp:subject:tuma_b']);
  });

  it('keeps a pair of a long email and a long client address as its key', async () => {
    const database = await testDatabase();
    const failures = new MikroOrmFailureLog(database);
    const key = `login:pair:${'2001:db8::'.repeat(20)}|${'a'.repeat(64)}@${'b'.repeat(185)}.example`;
    await database.withContext(() => failures.record([key], at));
    expect(await database.withContext(() => failures.recent([key], new Date(0), 5))).to.deep.equal([[at]]);
  });

  it('keeps mail in the outbox and lists it newest first, per recipient', async () => {
    const database = await testDatabase();
    const outbox = new MikroOrmServiceMailOutbox(database, { now: () => at });
    await database.withContext(async () => {
      await outbox.send({ to: 'a@example.com', subject: 'First', text: 'one' });
      await outbox.send({ to: 'b@example.com', subject: 'Other', text: 'two', html: '<p>two</p>' });
      await outbox.send({ to: 'a@example.com', subject: 'Second', text: 'three' });
      expect((await outbox.list({ to: 'a@example.com', limit: 10 })).map((mail) => mail.subject)).to.deep.equal(['Second', 'First']);
      expect(await outbox.list({ limit: 1 })).to.deep.equal([{ id: (await outbox.list({ limit: 1 }))[0]!.id, to: 'a@example.com', subject: 'Second', text: 'three', createdAt: at }]);
      expect((await outbox.list({ to: 'b@example.com', limit: 10 }))[0]).to.include({ html: '<p>two</p>' });
    });
  });
});
