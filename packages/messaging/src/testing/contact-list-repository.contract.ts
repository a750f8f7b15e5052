/** The contract suite every ContactListRepository (and so ContactSource) implementation must pass. */
import { expect } from 'chai';
import { ContactList, type ContactListDraft } from '../domain/contacts/contact-list.aggregate.ts';
import type { ContactListRepository } from '../application/contacts/contact-list.repository.port.ts';
import type { ContactMember } from '../application/contacts/contact-source.port.ts';

export interface ContactListRepositoryFixture {
  /** No lists yet. */
  readonly lists: ContactListRepository;
  /** Two accounts that exist (lists belong to one). */
  readonly accountIds: readonly [string, string];
  /** Runs a step the way the application does (in a fresh unit of work / context). */
  readonly step: <T>(work: () => Promise<T>) => Promise<T>;
}

const at = (minute: number): Date => new Date(Date.UTC(2026, 3, 1, 12, minute, 0, 456));

const draft = (accountId: string, name: string, description: string | null = null, minute = 0): ContactListDraft =>
  ContactList.draft({ accountId, name, description }, at(minute))._unsafeUnwrap();

/** A Kenyan mobile number made from `n` (0 to 99,999,999). */
const kenyan = (n: number): string => `+2547${String(n).padStart(8, '0')}`;

const member = (phone: string, name: string | null = null, vars: Record<string, string> = {}, country = 'KE'): ContactMember => ({ phone, country, name, vars });

export function describeContactListRepositoryContract(name: string, make: () => Promise<ContactListRepositoryFixture>): void {
  describe(`ContactListRepository contract: ${name}`, () => {
    let f: ContactListRepositoryFixture;
    let a: string;
    let b: string;
    beforeEach(async () => {
      f = await make();
      [a, b] = f.accountIds;
    });

    const insert = async (d: ContactListDraft) => (await f.step(() => f.lists.insert(d)))._unsafeUnwrap();
    const find = (account: string, id: number) => f.step(() => f.lists.find(account, id));
    const list = (account: string, limit = 500) => f.step(() => f.lists.list(account, limit));
    const add = async (account: string, id: number, members: readonly ContactMember[], minute = 1) =>
      (await f.step(() => f.lists.addMembers(account, id, members, at(minute))))._unsafeUnwrap();
    const membersOf = (account: string, ids: readonly number[]) => f.step(() => f.lists.membersOf(account, ids));
    const page = (account: string, id: number, number = 0, limit = 1000) => f.step(() => f.lists.memberPage(account, id, number, limit));

    describe('lists', () => {
      it('stores a list under a positive integer id with no members and serves it back field for field', async () => {
        const stored = await insert(draft(a, 'Customers', 'Everyone who bought'));
        expect(Number.isSafeInteger(stored.id) && stored.id > 0).to.equal(true);
        const expected = { ...draft(a, 'Customers', 'Everyone who bought'), id: stored.id, memberCount: 0 };
        expect(stored.toSnapshot()).to.deep.equal(expected);
        expect((await find(a, stored.id))?.toSnapshot()).to.deep.equal(expected);
        expect((await list(a)).map((l) => l.toSnapshot())).to.deep.equal([expected]);
        const bare = await insert(draft(a, 'No description'));
        expect((await find(a, bare.id))?.description).to.equal(null);
      });

      it('keeps names and descriptions exactly: 80-character names, 500-character descriptions, emoji, quotes, other scripts', async () => {
        const name = `${'N'.repeat(76)}'"\\\u{1F600}`;
        const description = `${'ß'.repeat(488)}\r\n\t"it's"\\ 😀`;
        const stored = await insert(draft(a, name, description));
        expect((await find(a, stored.id))?.toSnapshot()).to.include({ name, description });
        const amharic = await insert(draft(a, 'ደንበኞች'));
        expect((await find(a, amharic.id))?.name).to.equal('ደንበኞች');
      });

      it('gives growing ids and lists newest first, at most `limit`', async () => {
        const first = await insert(draft(a, 'first', null, 1));
        const second = await insert(draft(a, 'second', null, 2));
        const third = await insert(draft(a, 'third', null, 3));
        expect(first.id < second.id && second.id < third.id).to.equal(true);
        expect((await list(a)).map((l) => l.name)).to.deep.equal(['third', 'second', 'first']);
        expect((await list(a, 2)).map((l) => l.name)).to.deep.equal(['third', 'second']);
      });

      it('refuses a second list of the same name in one account, in any case', async () => {
        await insert(draft(a, 'Café VIP'));
        for (const same of ['café vip', 'CAFÉ VIP', 'Cafe\u0301 vip']) {
          const clash = await f.step(() => f.lists.insert(draft(a, same)));
          expect(clash._unsafeUnwrapErr(), same).to.include({ type: 'conflict', resource: 'contact_list' });
        }
        expect(await list(a)).to.have.length(1);
        expect((await f.step(() => f.lists.insert(draft(b, 'Café VIP')))).isOk(), 'another account may use the name').to.equal(true);
      });

      it('lets exactly one of two concurrent inserts of one name win', async () => {
        const outcomes = await Promise.all([f.step(() => f.lists.insert(draft(a, 'Race'))), f.step(() => f.lists.insert(draft(a, 'RACE')))]);
        expect(outcomes.filter((outcome) => outcome.isOk())).to.have.length(1);
        expect(outcomes.filter((outcome) => outcome.isErr()).map((outcome) => outcome._unsafeUnwrapErr().type)).to.deep.equal(['conflict']);
        expect(await list(a)).to.have.length(1);
      });

      it('updates name, description and updatedAt, keeping id, createdAt and members', async () => {
        const stored = await insert(draft(a, 'Leads', 'old', 1));
        await add(a, stored.id, [member(kenyan(1))], 2);
        const revised = (await find(a, stored.id))!.revise({ name: 'Hot leads', description: null }, at(7))._unsafeUnwrap();
        const updated = (await f.step(() => f.lists.update(revised)))._unsafeUnwrap();
        const expected = { id: stored.id, accountId: a, name: 'Hot leads', description: null, memberCount: 1, createdAt: at(1), updatedAt: at(7) };
        expect(updated.toSnapshot()).to.deep.equal(expected);
        expect((await find(a, stored.id))?.toSnapshot()).to.deep.equal(expected);
        const recased = updated.revise({ name: 'HOT LEADS' }, at(8))._unsafeUnwrap();
        expect((await f.step(() => f.lists.update(recased)))._unsafeUnwrap().name, 'its own name in another case').to.equal('HOT LEADS');
      });

      it("refuses to rename onto another list's name and changes nothing", async () => {
        await insert(draft(a, 'Nairobi', null, 1));
        const other = await insert(draft(a, 'Mombasa', null, 2));
        const clash = await f.step(() => f.lists.update(other.revise({ name: 'NAIROBI' }, at(3))._unsafeUnwrap()));
        expect(clash._unsafeUnwrapErr()).to.include({ type: 'conflict', resource: 'contact_list' });
        expect((await find(a, other.id))?.toSnapshot()).to.deep.equal(other.toSnapshot());
      });

      it("keeps accounts apart: another account's list is not found, listed, updated, deleted or written", async () => {
        const mine = await insert(draft(a, 'Mine', 'private'));
        await add(a, mine.id, [member(kenyan(1), 'Amina')]);
        expect(await find(b, mine.id)).to.equal(undefined);
        expect(await list(b)).to.deep.equal([]);
        const hijack = ContactList.rehydrate({ ...mine.toSnapshot(), accountId: b, name: 'Stolen' });
        expect((await f.step(() => f.lists.update(hijack)))._unsafeUnwrapErr()).to.include({ type: 'not_found', resource: 'contact_list', id: String(mine.id) });
        expect(await f.step(() => f.lists.delete(b, mine.id))).to.equal(false);
        const write = await f.step(() => f.lists.addMembers(b, mine.id, [member(kenyan(2))], at(5)));
        expect(write._unsafeUnwrapErr()).to.include({ type: 'not_found', resource: 'contact_list', id: String(mine.id) });
        expect(await page(b, mine.id)).to.equal(undefined);
        expect(await f.step(() => f.lists.removeMember(b, mine.id, kenyan(1), at(5)))).to.equal(false);
        expect((await membersOf(b, [mine.id]))._unsafeUnwrapErr()).to.include({ type: 'not_found', id: String(mine.id) });
        expect((await find(a, mine.id))?.toSnapshot()).to.deep.equal({ ...mine.toSnapshot(), memberCount: 1, updatedAt: at(1) });
        expect((await membersOf(a, [mine.id]))._unsafeUnwrap()).to.deep.equal([member(kenyan(1), 'Amina')]);
      });

      it('deletes a list with its members (true once, then false) and frees the name', async () => {
        const gone = await insert(draft(a, 'Old'));
        await add(a, gone.id, [member(kenyan(1)), member(kenyan(2))]);
        expect(await f.step(() => f.lists.delete(a, gone.id))).to.equal(true);
        expect(await f.step(() => f.lists.delete(a, gone.id))).to.equal(false);
        expect(await find(a, gone.id)).to.equal(undefined);
        expect(await page(a, gone.id)).to.equal(undefined);
        expect((await membersOf(a, [gone.id])).isErr()).to.equal(true);
        const late = await f.step(() => f.lists.update(gone.revise({ name: 'Old' }, at(5))._unsafeUnwrap()));
        expect(late._unsafeUnwrapErr()).to.include({ type: 'not_found' });
        const reborn = await insert(draft(a, 'OLD'));
        expect(reborn.id).to.not.equal(gone.id);
        expect(reborn.memberCount).to.equal(0);
        expect(await find(a, 987_654_321)).to.equal(undefined);
      });
    });

    describe('members', () => {
      it('adds members with their country, name and variables, counts them and moves the list updatedAt', async () => {
        const stored = await insert(draft(a, 'Customers', null, 0));
        const vars = { city: 'Nairobi', quote: `"it's" \\ done`, lines: 'a\r\nb\tc', emoji: '😀', empty: '', Amharic_1: 'ሰላም' };
        const members = [member(kenyan(1), 'Amina Wanjiru', vars), member('+2348031234567', null, {}, 'NG'), member(kenyan(2), "O'Brien")];
        expect(await add(a, stored.id, members, 3)).to.deep.equal({ added: 3, updated: 0 });
        expect((await membersOf(a, [stored.id]))._unsafeUnwrap()).to.deep.equal(members);
        const found = await find(a, stored.id);
        expect(found?.memberCount).to.equal(3);
        expect(found?.updatedAt).to.deep.equal(at(3));
        const read = await page(a, stored.id);
        expect(read?.total).to.equal(3);
        expect(read?.members).to.deep.equal(members.map((m) => ({ ...m, createdAt: at(3), updatedAt: at(3) })));
      });

      it('replaces the name and variables of a number already listed, keeping its place and createdAt', async () => {
        const stored = await insert(draft(a, 'Customers'));
        await add(a, stored.id, [member(kenyan(1), 'Amina', { city: 'Nairobi' }), member(kenyan(2), 'Baraka')], 1);
        const write = await add(a, stored.id, [member(kenyan(3), 'Chebet'), member(kenyan(1), null, { tier: 'gold' })], 4);
        expect(write).to.deep.equal({ added: 1, updated: 1 });
        const read = await page(a, stored.id);
        expect(read?.members.map((m) => [m.phone, m.name, m.vars, m.createdAt.toISOString(), m.updatedAt.toISOString()])).to.deep.equal([
          [kenyan(1), null, { tier: 'gold' }, at(1).toISOString(), at(4).toISOString()],
          [kenyan(2), 'Baraka', {}, at(1).toISOString(), at(1).toISOString()],
          [kenyan(3), 'Chebet', {}, at(4).toISOString(), at(4).toISOString()],
        ]);
        expect((await find(a, stored.id))?.memberCount).to.equal(3);
      });

      it('writes nothing for an empty batch and leaves updatedAt alone', async () => {
        const stored = await insert(draft(a, 'Empty', null, 0));
        expect(await add(a, stored.id, [], 9)).to.deep.equal({ added: 0, updated: 0 });
        expect((await find(a, stored.id))?.toSnapshot()).to.deep.equal(stored.toSnapshot());
      });

      it('pages members in insertion order with the total', async () => {
        const stored = await insert(draft(a, 'Paged'));
        await add(a, stored.id, [5, 3, 9, 1, 7].map((n) => member(kenyan(n))));
        const phones = async (number: number, limit: number) => (await page(a, stored.id, number, limit))?.members.map((m) => m.phone);
        expect(await phones(0, 2)).to.deep.equal([kenyan(5), kenyan(3)]);
        expect(await phones(1, 2)).to.deep.equal([kenyan(9), kenyan(1)]);
        expect(await phones(2, 2)).to.deep.equal([kenyan(7)]);
        expect(await phones(3, 2)).to.deep.equal([]);
        expect((await page(a, stored.id, 9, 2))?.total).to.equal(5);
      });

      it('removes a member (true once, then false), moving updatedAt; a number added again goes to the end', async () => {
        const stored = await insert(draft(a, 'Removals', null, 0));
        await add(a, stored.id, [1, 2, 3].map((n) => member(kenyan(n))), 1);
        expect(await f.step(() => f.lists.removeMember(a, stored.id, kenyan(1), at(6)))).to.equal(true);
        expect(await f.step(() => f.lists.removeMember(a, stored.id, kenyan(1), at(7)))).to.equal(false);
        expect((await find(a, stored.id))?.toSnapshot()).to.include({ memberCount: 2 });
        expect((await find(a, stored.id))?.updatedAt).to.deep.equal(at(6));
        await add(a, stored.id, [member(kenyan(1), 'Back')], 8);
        expect((await membersOf(a, [stored.id]))._unsafeUnwrap().map((m) => m.phone)).to.deep.equal([kenyan(2), kenyan(3), kenyan(1)]);
      });
    });

    describe('as a ContactSource', () => {
      it('reads several lists in the order given, each in insertion order, each list once', async () => {
        const first = await insert(draft(a, 'First'));
        const second = await insert(draft(a, 'Second'));
        const empty = await insert(draft(a, 'Empty'));
        await add(a, first.id, [member(kenyan(2), 'two'), member(kenyan(1), 'one')]);
        await add(a, second.id, [member(kenyan(1), 'one again'), member(kenyan(3))]);
        const read = (await membersOf(a, [second.id, empty.id, first.id, second.id]))._unsafeUnwrap();
        expect(read.map((m) => `${m.phone} ${m.name}`)).to.deep.equal([
          `${kenyan(1)} one again`,
          `${kenyan(3)} null`,
          `${kenyan(2)} two`,
          `${kenyan(1)} one`,
        ]);
        expect((await membersOf(a, []))._unsafeUnwrap()).to.deep.equal([]);
      });

      it("answers not_found naming the first id that is not one of the account's lists", async () => {
        const mine = await insert(draft(a, 'Mine'));
        const theirs = await insert(draft(b, 'Theirs'));
        await add(a, mine.id, [member(kenyan(1))]);
        const foreign = (await membersOf(a, [mine.id, theirs.id]))._unsafeUnwrapErr();
        expect(foreign).to.include({ type: 'not_found', resource: 'contact_list', id: String(theirs.id) });
        expect((await membersOf(a, [987_654_321, mine.id]))._unsafeUnwrapErr()).to.include({ id: '987654321' });
      });

      it('writes 100,000 members in one call and reads them back in order', async function () {
        this.timeout(120_000);
        const stored = await insert(draft(a, 'Everyone'));
        const members = Array.from({ length: 100_000 }, (_, n) => member(kenyan(99_999_999 - n * 7), n % 2 ? `Name ${n}` : null, { n: String(n) }));
        expect(await add(a, stored.id, members)).to.deep.equal({ added: 100_000, updated: 0 });
        const again = members.slice(0, 10).map((m) => ({ ...m, name: 'changed' }));
        expect(await add(a, stored.id, again, 2)).to.deep.equal({ added: 0, updated: 10 });
        const read = (await membersOf(a, [stored.id]))._unsafeUnwrap();
        expect(read).to.have.length(100_000);
        expect(read.slice(0, 10)).to.deep.equal(again);
        expect(read.slice(10)).to.deep.equal(members.slice(10));
        expect((await find(a, stored.id))?.memberCount).to.equal(100_000);
      });
    });
  });
}
