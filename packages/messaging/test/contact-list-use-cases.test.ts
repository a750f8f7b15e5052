import { expect } from 'chai';
import { FakeClock } from '@tuma/kernel/testing';
import { ImmediateUnitOfWork } from '@tuma/kernel/testing';
import { AddContactMembers, CreateContactList, DeleteContactList, GetContactList, ImportContacts, ListContactLists, ListContactMembers, RemoveContactMember, UpdateContactList } from '../src/contacts.ts';
import { InMemoryContactListRepository } from '../src/testing/index.ts';

const KE = '+254712345678';
const NG = '+2348031234567';

describe('contact list use cases', () => {
  let lists: InMemoryContactListRepository;
  let clock: FakeClock;
  let create: CreateContactList;
  let get: GetContactList;
  let update: UpdateContactList;
  let remove: DeleteContactList;
  let list: ListContactLists;
  let members: ListContactMembers;
  let add: AddContactMembers;
  let removeMember: RemoveContactMember;
  let importContacts: ImportContacts;
  beforeEach(() => {
    lists = new InMemoryContactListRepository();
    clock = new FakeClock('2026-05-01T08:00:00.000Z');
    const uow = new ImmediateUnitOfWork();
    create = new CreateContactList(lists, uow, clock);
    get = new GetContactList(lists);
    update = new UpdateContactList(lists, uow, clock);
    remove = new DeleteContactList(lists, uow);
    list = new ListContactLists(lists);
    members = new ListContactMembers(lists);
    add = new AddContactMembers(lists, uow, clock);
    removeMember = new RemoveContactMember(lists, uow, clock);
    importContacts = new ImportContacts(lists, uow, clock);
  });

  const created = async (accountId: string, name: string) => (await create.execute({ accountId, name, description: null }))._unsafeUnwrap();

  it('creates an empty list at the clock time; a name the account has (in any case) is a conflict', async () => {
    const customers = await created('acc_1', ' Customers ');
    expect(customers.toSnapshot()).to.deep.equal({
      id: 1,
      accountId: 'acc_1',
      name: 'Customers',
      description: null,
      memberCount: 0,
      createdAt: new Date('2026-05-01T08:00:00.000Z'),
      updatedAt: new Date('2026-05-01T08:00:00.000Z'),
    });
    const duplicate = (await create.execute({ accountId: 'acc_1', name: 'CUSTOMERS', description: null }))._unsafeUnwrapErr();
    expect(duplicate).to.include({ type: 'conflict', resource: 'contact_list' });
    expect(duplicate.message).to.contain('CUSTOMERS');
    expect((await create.execute({ accountId: 'acc_1', name: '', description: 'x'.repeat(501) }))._unsafeUnwrapErr().type).to.equal('validation_error');
  });

  it("gets, updates and deletes the account's lists only: another account gets not_found", async () => {
    const mine = await created('acc_1', 'Mine');
    expect((await get.execute({ accountId: 'acc_2', id: mine.id }))._unsafeUnwrapErr()).to.include({ type: 'not_found', resource: 'contact_list', id: String(mine.id) });
    expect((await update.execute({ accountId: 'acc_2', id: mine.id, name: 'Stolen' }))._unsafeUnwrapErr().type).to.equal('not_found');
    expect((await remove.execute({ accountId: 'acc_2', id: mine.id }))._unsafeUnwrapErr().type).to.equal('not_found');
    clock.advance(60_000);
    const renamed = (await update.execute({ accountId: 'acc_1', id: mine.id, description: 'Private' }))._unsafeUnwrap();
    expect(renamed.toSnapshot()).to.include({ name: 'Mine', description: 'Private' });
    expect(renamed.updatedAt).to.deep.equal(new Date('2026-05-01T08:01:00.000Z'));
    expect((await remove.execute({ accountId: 'acc_1', id: mine.id })).isOk()).to.equal(true);
    expect((await get.execute({ accountId: 'acc_1', id: mine.id })).isErr()).to.equal(true);
  });

  it('lists newest first, 100 by default, and refuses a limit outside 1 to 500', async () => {
    for (let i = 0; i < 101; i++) await created('acc_1', `L${i}`);
    const page = (await list.execute({ accountId: 'acc_1' }))._unsafeUnwrap();
    expect(page).to.have.length(100);
    expect(page[0]?.name).to.equal('L100');
    for (const limit of [0, 501, 1.5]) expect((await list.execute({ accountId: 'acc_1', limit }))._unsafeUnwrapErr().details.map((d) => d.path)).to.deep.equal(['limit']);
  });

  it('adds members and pages them; another account or an unknown list is not_found before the content is read', async () => {
    const customers = await created('acc_1', 'Customers');
    clock.advance(1000);
    const added = (await add.execute({ accountId: 'acc_1', listId: customers.id, members: [{ phone: KE, name: 'Amina' }, { phone: 'x' }, { phone: NG }] }))._unsafeUnwrap();
    expect(added).to.deep.equal({ added: 2, updated: 0, errors: [{ index: 1, input: 'x', reason: 'not_numeric' }] });
    expect((await get.execute({ accountId: 'acc_1', id: customers.id }))._unsafeUnwrap().toSnapshot()).to.include({ memberCount: 2 });
    const page = (await members.execute({ accountId: 'acc_1', listId: customers.id, limit: 1, page: 1 }))._unsafeUnwrap();
    expect(page.total).to.equal(2);
    expect(page.members.map((m) => [m.phone, m.createdAt.toISOString()])).to.deep.equal([[NG, '2026-05-01T08:00:01.000Z']]);
    const foreign = await add.execute({ accountId: 'acc_2', listId: customers.id, members: [] });
    expect(foreign._unsafeUnwrapErr().type, 'not_found comes before the content check').to.equal('not_found');
    expect((await members.execute({ accountId: 'acc_2', listId: customers.id }))._unsafeUnwrapErr().type).to.equal('not_found');
  });

  it('checks the page and limit of a member page', async () => {
    const customers = await created('acc_1', 'Customers');
    const paths = async (page: number, limit: number) => {
      const error = (await members.execute({ accountId: 'acc_1', listId: customers.id, page, limit }))._unsafeUnwrapErr();
      return error.type === 'validation_error' ? error.details.map((d) => d.path) : [];
    };
    expect(await paths(-1, 10)).to.deep.equal(['page']);
    expect(await paths(0.5, 10)).to.deep.equal(['page']);
    expect(await paths(0, 1001)).to.deep.equal(['limit']);
    expect((await members.execute({ accountId: 'acc_1', listId: customers.id, limit: 1000 })).isOk()).to.equal(true);
  });

  it('removes a member by its number as a path gives it; a number not in the list is not_found, a malformed one invalid', async () => {
    const customers = await created('acc_1', 'Customers');
    await add.execute({ accountId: 'acc_1', listId: customers.id, members: [{ phone: KE }] });
    expect((await removeMember.execute({ accountId: 'acc_1', listId: customers.id, phone: '254712345678' })).isOk()).to.equal(true);
    expect((await removeMember.execute({ accountId: 'acc_1', listId: customers.id, phone: KE }))._unsafeUnwrapErr()).to.include({ type: 'not_found', resource: 'contact', id: KE });
    const malformed = (await removeMember.execute({ accountId: 'acc_1', listId: customers.id, phone: '12' }))._unsafeUnwrapErr();
    expect(malformed).to.deep.include({ type: 'invalid_phone_number', reason: 'impossible_number' });
    expect((await removeMember.execute({ accountId: 'acc_2', listId: customers.id, phone: KE }))._unsafeUnwrapErr()).to.include({ resource: 'contact_list' });
  });

  it('imports a CSV file: members written, duplicates counted, the first 100 row errors listed with their total', async () => {
    const customers = await created('acc_1', 'Customers');
    await add.execute({ accountId: 'acc_1', listId: customers.id, members: [{ phone: KE, name: 'Before' }] });
    const bad = Array.from({ length: 150 }, (_, i) => `not-a-number-${i},x`);
    const csv = ['phone,name', `${KE},After`, `${NG},Chidi`, `${NG},Chidi again`, ...bad].join('\n');
    const imported = (await importContacts.execute({ accountId: 'acc_1', listId: customers.id, csv }))._unsafeUnwrap();
    expect(imported).to.deep.include({ imported: 2, added: 1, updated: 1, duplicates: 1, errorCount: 150 });
    expect(imported.errors).to.have.length(100);
    expect(imported.errors[0]).to.deep.equal({ row: 5, value: 'not-a-number-0', reason: 'not_numeric' });
    const stored = (await members.execute({ accountId: 'acc_1', listId: customers.id }))._unsafeUnwrap();
    expect(stored.members.map((m) => [m.phone, m.name])).to.deep.equal([[KE, 'After'], [NG, 'Chidi again']]);
  });

  it('refuses a file without a phone column, and a list of another account, writing nothing', async () => {
    const customers = await created('acc_1', 'Customers');
    const headerless = (await importContacts.execute({ accountId: 'acc_1', listId: customers.id, csv: 'name\nAmina' }))._unsafeUnwrapErr();
    expect(headerless.type === 'validation_error' && headerless.details.map((d) => d.path)).to.deep.equal(['header']);
    const foreign = await importContacts.execute({ accountId: 'acc_2', listId: customers.id, csv: `phone\n${KE}` });
    expect(foreign._unsafeUnwrapErr().type).to.equal('not_found');
    expect((await get.execute({ accountId: 'acc_1', id: customers.id }))._unsafeUnwrap().memberCount).to.equal(0);
  });
});
