import { Account, Email } from '@tuma/accounts';
import { currency } from '@tuma/kernel';
import { describeRateLimitOverrideRepositoryContract } from '@tuma/rate-limits/testing/contracts';
import { MikroOrmAccountRepository, MikroOrmRateLimitOverrideRepository, type Database } from '../../src/index.ts';
import { databaseKind, testDatabase, truncateAll } from '../../../../test/support/test-database.ts';

/** An account row for each override to belong to. */
async function accountIn(database: Database, email: string): Promise<string> {
  return database.withContext(async () => {
    const account = Account.open({ email: Email.create(email)._unsafeUnwrap(), walletCurrency: currency('USD') }, new Date());
    await new MikroOrmAccountRepository(database).save(account);
    await database.em.flush();
    return account.id;
  });
}

describeRateLimitOverrideRepositoryContract(`MikroORM on ${databaseKind()}`, async () => {
  const database = await testDatabase();
  await truncateAll(database);
  return {
    overrides: new MikroOrmRateLimitOverrideRepository(database),
    accountIds: [await accountIn(database, 'rl-a@example.com'), await accountIn(database, 'rl-b@example.com')],
    step: (work) => database.withContext(work),
  };
});
