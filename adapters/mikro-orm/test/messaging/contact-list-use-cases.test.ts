import { expect } from 'chai';
import { ContactList, UpdateContactList, type ContactMember } from '@tuma/messaging';
import { systemClock } from '@tuma/kernel';
import { MikroOrmContactListRepository, MikroOrmUnitOfWork } from '../../src/index.ts';
import { databaseKind, testDatabase, truncateAll } from '../../../../test/support/test-database.ts';
import { insertAccount } from '../support/wallet-accounts.ts';

const member = (n: number): ContactMember => ({ phone: `+2547${String(n).padStart(8, '0')}`, country: 'KE', name: `Name ${n}`, vars: { n: String(n) } });

describe(`contact lists on MikroORM (${databaseKind()})`, () => {
  let lists: MikroOrmContactListRepository;
  let accountId: string;
  let run: <T>(work: () => PromiseLike<T>) => Promise<T>;
  beforeEach(async () => {
    const database = await testDatabase();
    await truncateAll(database);
    accountId = await insertAccount(database);
    lists = new MikroOrmContactListRepository(database);
    run = (work) => database.withContext(work);
  });

  const insert = async (name: string) => (await run(() => lists.insert(ContactList.draft({ accountId, name, description: null }, new Date())._unsafeUnwrap())))._unsafeUnwrap();

  it('answers a name clash inside a unit of work with a conflict, and the transaction stays usable', async () => {
    const database = await testDatabase();
    const update = new UpdateContactList(lists, new MikroOrmUnitOfWork(database), systemClock);
    await insert('Taken');
    const other = await insert('Other');
    const clash = await run(() => update.execute({ accountId, id: other.id, name: 'TAKEN' }));
    expect(clash._unsafeUnwrapErr()).to.include({ type: 'conflict', resource: 'contact_list' });
    const afterwards = await run(() =>
      database.em.transactional(async () => {
        const failed = await lists.update(other.revise({ name: 'taken' }, new Date())._unsafeUnwrap());
        return { failed: failed.isErr(), name: (await lists.find(accountId, other.id))?.name };
      }),
    );
    expect(afterwards).to.deep.equal({ failed: true, name: 'Other' });
  });

  it('writes a batch of members all or nothing: a fault in a later chunk leaves none of the earlier ones', async () => {
    const list = await insert('Atomic');
    const batch = [...Array.from({ length: 6000 }, (_, n) => member(n)), { ...member(6000), phone: 'not e164' }];
    const failure = await run(() => lists.addMembers(accountId, list.id, batch, new Date())).catch((error: unknown) => error);
    expect(String(failure)).to.match(/check constraint/);
    expect((await run(() => lists.find(accountId, list.id)))?.memberCount).to.equal(0);
  });

  // Timing is reported in the title only: speed goals belong to benches, not to assertions of a test.
  it('writes and reads back 100,000 members of a list in order (PostgreSQL)', async function () {
    if (databaseKind() !== 'postgresql') this.skip();
    this.timeout(120_000);
    const list = await insert('Everyone');
    const members = Array.from({ length: 100_000 }, (_, n) => member(n));
    (await run(() => lists.addMembers(accountId, list.id, members, new Date())))._unsafeUnwrap();
    const started = performance.now();
    const read = (await run(() => lists.membersOf(accountId, [list.id])))._unsafeUnwrap();
    const took = performance.now() - started;
    expect(read).to.have.length(100_000);
    expect(read.map((m) => m.phone)).to.deep.equal(members.map((m) => m.phone));
    this.test!.title += ` (read in ${Math.round(took)} ms)`;
  });
});
