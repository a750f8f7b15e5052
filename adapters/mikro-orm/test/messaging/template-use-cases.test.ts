import { expect } from 'chai';
import { CreateTemplate, UpdateTemplate } from '@tuma/messaging';
import { systemClock } from '@tuma/kernel';
import { MikroOrmTemplateRepository, MikroOrmUnitOfWork } from '../../src/index.ts';
import { databaseKind, testDatabase, truncateAll } from '../../../../test/support/test-database.ts';
import { insertAccount } from '../support/wallet-accounts.ts';

describe(`template use cases on MikroORM (${databaseKind()})`, () => {
  it('answers a name clash inside a unit of work with a conflict, and the transaction stays usable', async () => {
    const database = await testDatabase();
    await truncateAll(database);
    const accountId = await insertAccount(database);
    const templates = new MikroOrmTemplateRepository(database);
    const unitOfWork = new MikroOrmUnitOfWork(database);
    const create = new CreateTemplate(templates, unitOfWork, systemClock);
    const update = new UpdateTemplate(templates, unitOfWork, systemClock);
    await database.withContext(() => create.execute({ accountId, name: 'Taken', text: 'a' }));
    const other = (await database.withContext(() => create.execute({ accountId, name: 'Other', text: 'b' })))._unsafeUnwrap();

    const clash = await database.withContext(() => update.execute({ accountId, id: other.id, name: 'TAKEN', text: 'c' }));
    expect(clash._unsafeUnwrapErr()).to.include({ type: 'conflict', resource: 'template' });

    const afterwards = await database.withContext(() =>
      database.em.transactional(async () => {
        const failed = await templates.update(other.revise({ name: 'taken', text: 'd' }, new Date())._unsafeUnwrap());
        const stillReadable = await templates.find(accountId, other.id);
        return { failed: failed.isErr(), name: stillReadable?.name };
      }),
    );
    expect(afterwards).to.deep.equal({ failed: true, name: 'Other' });
  });
});
