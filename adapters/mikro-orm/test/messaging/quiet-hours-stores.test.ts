import { AFRICAN_MARKETS, defaultMarketQuietHours, SAMPLE_ROUTES, SENDER_ID_FEES } from '@tuma/messaging';
import { describeQuietHoursStoresContract } from '@tuma/messaging/testing/contracts';
import { MikroOrmCatalogue, MikroOrmQuietHoursCatalogue, MikroOrmSmsSettings } from '../../src/index.ts';
import { databaseKind, testDatabase, truncateAll } from '../../../../test/support/test-database.ts';
import { insertAccount } from '../support/wallet-accounts.ts';

describeQuietHoursStoresContract(`MikroORM on ${databaseKind()}`, async () => {
  const database = await testDatabase();
  await truncateAll(database);
  const catalogue = new MikroOrmQuietHoursCatalogue(database);
  await database.withContext(async () => {
    await new MikroOrmCatalogue(database).seed({ markets: AFRICAN_MARKETS, routes: SAMPLE_ROUTES, senderIdFees: SENDER_ID_FEES });
    await catalogue.seed(defaultMarketQuietHours());
  });
  return {
    catalogue,
    settings: new MikroOrmSmsSettings(database),
    accountIds: [await insertAccount(database), await insertAccount(database)],
    step: (work) => database.withContext(work),
  };
});
