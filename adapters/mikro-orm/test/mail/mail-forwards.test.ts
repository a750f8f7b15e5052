import { newId } from '@tuma/kernel';
import { DomainName, MailDomain } from '@tuma/mail';
import { describeForwardRepositoryContract } from '@tuma/mail/testing/contracts';
import { MikroOrmForwardRepository, MikroOrmMailDomainRepository } from '../../src/index.ts';
import { databaseKind, testDatabase, truncateAll } from '../../../../test/support/test-database.ts';
import { insertAccount } from '../support/wallet-accounts.ts';

describeForwardRepositoryContract(`MikroORM on ${databaseKind()}`, async () => {
  const database = await testDatabase();
  await truncateAll(database);
  const domains = new MikroOrmMailDomainRepository(database);
  const domainOf = async (name: string): Promise<readonly [string, string, string]> => {
    const accountId = await insertAccount(database);
    const key = { selector: 'tuma202611-ab12', publicKey: 'MIIB', sealedPrivateKey: 'v1.sealed' };
    const domain = MailDomain.add({ id: newId('dom'), accountId, name: DomainName.create(name)._unsafeUnwrap(), region: 'af-south-1', key }, new Date()).toSnapshot();
    await database.withContext(() => domains.add(domain));
    return [accountId, domain.id, domain.name];
  };
  return { repository: new MikroOrmForwardRepository(database), domains: [await domainOf('shop.example.com'), await domainOf('other.example.com')], step: (work) => database.withContext(work) };
});
