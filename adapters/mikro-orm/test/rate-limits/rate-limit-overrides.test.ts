import { expect } from 'chai';
import { Account, Email } from '@tuma/accounts';
import { currency } from '@tuma/kernel';
import { RateLimitPolicy } from '@tuma/rate-limits';
import { MikroOrmAccountRepository, MikroOrmRateLimitOverrideRepository, type Database } from '../../src/index.ts';
import { databaseKind, testDatabase, truncateAll } from '../../../../test/support/test-database.ts';

describe(`MikroOrmRateLimitOverrideRepository on ${databaseKind()}`, () => {
  let database: Database;
  beforeEach(async () => {
    database = await testDatabase();
    await truncateAll(database);
  });

  it('sets, replaces, lists and removes an account override', async () => {
    await database.withContext(async () => {
      const account = Account.open({ email: Email.create('rl@example.com')._unsafeUnwrap(), walletCurrency: currency('USD') }, new Date());
      await new MikroOrmAccountRepository(database).save(account);
      await database.em.flush();
      const overrides = new MikroOrmRateLimitOverrideRepository(database);
      expect(await overrides.find(account.id)).to.equal(undefined);
      await overrides.save(account.id, RateLimitPolicy.create({ perSecond: 5, burst: 9 })._unsafeUnwrap(), new Date());
      await overrides.save(account.id, RateLimitPolicy.create({ perSecond: 7, burst: 8 })._unsafeUnwrap(), new Date());
      expect((await overrides.find(account.id))?.equals(RateLimitPolicy.create({ perSecond: 7, burst: 8 })._unsafeUnwrap())).to.equal(true);
      expect([...(await overrides.all()).entries()].map(([id, policy]) => [id, policy.perSecond, policy.burst])).to.deep.equal([[account.id, 7, 8]]);
      await overrides.save(account.id, undefined, new Date());
      expect((await overrides.all()).size).to.equal(0);
    });
  });
});
