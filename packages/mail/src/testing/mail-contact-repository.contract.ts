/** The contract suite of the mail contact lists' store. */
import { expect } from 'chai';
import { newId } from '@tuma/kernel';
import type { MailContactRepository } from '../application/contacts/mail-contact.repository.port.ts';
import type { ContactWrite } from '../domain/contacts/mail-contact.ts';

export interface MailContactRepositoryFixture {
  /** An empty store. */
  readonly repository: MailContactRepository;
  /** Two accounts that exist. */
  readonly accountIds: readonly [string, string];
  /** Runs one unit of work (writes of many contacts happen in one). */
  readonly step: <T>(work: () => Promise<T>) => Promise<T>;
}

const AT = Date.UTC(2026, 10, 25, 8, 0, 0, 123);
const at = (n: number) => new Date(AT + n * 1000);
const write = (email: string, firstName: string | null = null, data: Record<string, string> = {}, unsubscribed?: boolean): ContactWrite => ({ email, firstName, lastName: null, data, ...(unsubscribed === undefined ? {} : { unsubscribed }) });

export function describeMailContactRepositoryContract(name: string, make: () => Promise<MailContactRepositoryFixture>): void {
  describe(`MailContactRepository contract: ${name}`, () => {
    let f: MailContactRepositoryFixture;
    let a: string;
    let b: string;
    const step = <T>(work: (r: MailContactRepository) => Promise<T>) => f.step(() => work(f.repository));
    const newList = async (accountId: string, listName: string, n = 0) => {
      const inserted = await step((r) => r.insertList({ id: newId('cl', at(n)), accountId, name: listName, createdAt: at(n), updatedAt: at(n) }));
      return inserted._unsafeUnwrap();
    };

    beforeEach(async () => {
      f = await make();
      [a, b] = f.accountIds;
    });

    it('keeps list names unique per account in any case, lists newest first, renames and deletes within the account only', async () => {
      const promo = await newList(a, 'Promo', 1);
      expect(promo).to.include({ accountId: a, name: 'Promo', contactCount: 0, unsubscribedCount: 0 });
      expect((await step((r) => r.insertList({ id: newId('cl', at(2)), accountId: a, name: 'PROMO', createdAt: at(2), updatedAt: at(2) }))).isErr(), 'same name in another case').to.equal(true);
      await newList(b, 'Promo', 3);
      const news = await newList(a, 'News', 4);
      expect((await step((r) => r.lists(a, { limit: 10 }))).map((l) => l.name)).to.deep.equal(['News', 'Promo']);
      expect((await step((r) => r.lists(a, { after: news.id, limit: 10 }))).map((l) => l.name)).to.deep.equal(['Promo']);
      expect(await step((r) => r.findList(b, promo.id)), "another account's id").to.equal(undefined);
      expect((await step((r) => r.renameList(a, news.id, 'promo', at(5)))).isErr(), 'rename to a taken name').to.equal(true);
      expect((await step((r) => r.renameList(a, news.id, 'Weekly', at(5))))._unsafeUnwrap()).to.include({ name: 'Weekly' });
      expect((await step((r) => r.renameList(b, news.id, 'Mine', at(5))))._unsafeUnwrap(), "another account's list").to.equal(undefined);
      expect(await step((r) => r.deleteList(b, promo.id))).to.equal(false);
      expect(await step((r) => r.deleteList(a, promo.id))).to.equal(true);
      expect(await step((r) => r.findList(a, promo.id))).to.equal(undefined);
    });

    it('upserts by address: new ones after the others, known ones keep id, place and created_at, unsubscribed changes only where given', async () => {
      const list = await newList(a, 'Customers');
      let n = 0;
      const ids = () => newId('ct', at(100 + n++));
      expect(await step((r) => r.upsert(a, list.id, [write('amina@example.org', 'Amina', { city: 'Nairobi' }), write('chidi@example.org', 'Chidi')], at(10), ids))).to.deep.equal({ added: 2, updated: 0 });
      const amina = (await step((r) => r.findContact(a, list.id, 'AMINA@example.org')))!;
      expect(amina).to.deep.include({ email: 'amina@example.org', firstName: 'Amina', lastName: null, data: { city: 'Nairobi' }, unsubscribed: false, listId: list.id });
      expect(amina.id).to.match(/^ct_/);
      expect(await step((r) => r.findContact(a, list.id, amina.id)), 'by id').to.deep.equal(amina);
      await step((r) => r.updateContact(a, list.id, amina.id, { unsubscribed: true }, at(11)));
      expect(await step((r) => r.upsert(a, list.id, [write('zed@example.org'), write('amina@example.org', 'Amina O.')], at(12), ids))).to.deep.equal({ added: 1, updated: 1 });
      const again = (await step((r) => r.findContact(a, list.id, 'amina@example.org')))!;
      expect(again).to.deep.include({ id: amina.id, firstName: 'Amina O.', data: {}, unsubscribed: true, createdAt: amina.createdAt, updatedAt: at(12) });
      await step((r) => r.upsert(a, list.id, [write('amina@example.org', 'Amina', {}, false)], at(13), ids));
      expect((await step((r) => r.findContact(a, list.id, 'amina@example.org')))!.unsubscribed, 'given: resubscribed').to.equal(false);
      const page = (await step((r) => r.contactPage(a, list.id, { offset: 0, limit: 10 })))!;
      expect(page.contacts.map((c) => c.email)).to.deep.equal(['amina@example.org', 'chidi@example.org', 'zed@example.org']);
      expect(page.total).to.equal(3);
      expect(await step((r) => r.upsert(b, list.id, [write('x@example.org')], at(14), ids)), "another account's list").to.equal(undefined);
      expect(await step((r) => r.contactPage(b, list.id, { offset: 0, limit: 10 }))).to.equal(undefined);
      const view = (await step((r) => r.findList(a, list.id)))!;
      expect(view).to.include({ contactCount: 3, unsubscribedCount: 0 });
      expect(view.updatedAt).to.deep.equal(at(13));
    });

    it('pages with q (address or names, case aside) and the unsubscribed filter; updates, deletes and unsubscribes one', async () => {
      const list = await newList(a, 'Readers');
      let n = 0;
      const contacts = Array.from({ length: 12 }, (_, i) => write(`reader${String(i).padStart(2, '0')}@example.org`, i === 5 ? 'Wanjiru' : null));
      await step((r) => r.upsert(a, list.id, contacts, at(10), () => newId('ct', at(100 + n++))));
      const second = (await step((r) => r.contactPage(a, list.id, { offset: 5, limit: 5 })))!;
      expect(second.contacts.map((c) => c.email)).to.deep.equal(contacts.slice(5, 10).map((c) => c.email));
      expect(second.total).to.equal(12);
      const found = (await step((r) => r.contactPage(a, list.id, { q: 'WANJ', offset: 0, limit: 5 })))!;
      expect(found.contacts.map((c) => c.email)).to.deep.equal(['reader05@example.org']);
      expect(found.total).to.equal(1);
      expect((await step((r) => r.contactPage(a, list.id, { q: 'reader1', offset: 0, limit: 50 })))!.total).to.equal(2);
      expect((await step((r) => r.contactPage(a, list.id, { q: '%', offset: 0, limit: 50 })))!.total, '% is a character').to.equal(0);
      const target = (await step((r) => r.findContact(a, list.id, 'reader03@example.org')))!;
      const updated = (await step((r) => r.updateContact(a, list.id, target.id, { firstName: ' Otieno ', data: { plan: 'gold' } }, at(20))))!;
      expect(updated).to.deep.include({ firstName: 'Otieno', lastName: null, data: { plan: 'gold' }, unsubscribed: false });
      expect(await step((r) => r.updateContact(b, list.id, target.id, { firstName: 'X' }, at(20))), 'another account').to.equal(undefined);
      expect(await step((r) => r.unsubscribe(target.id, at(21)))).to.equal(true);
      expect(await step((r) => r.unsubscribe(target.id, at(22))), 'again').to.equal(true);
      expect(await step((r) => r.unsubscribe('ct_01JZZZZZZZZZZZZZZZZZZZZZZZ', at(22)))).to.equal(false);
      const unsubscribed = (await step((r) => r.contactPage(a, list.id, { unsubscribed: true, offset: 0, limit: 50 })))!;
      expect(unsubscribed.contacts.map((c) => c.email)).to.deep.equal(['reader03@example.org']);
      expect((await step((r) => r.contactPage(a, list.id, { unsubscribed: false, offset: 0, limit: 50 })))!.total).to.equal(11);
      expect(await step((r) => r.deleteContact(b, list.id, target.id, at(23)))).to.equal(false);
      expect(await step((r) => r.deleteContact(a, list.id, target.id, at(23)))).to.equal(true);
      expect(await step((r) => r.findContact(a, list.id, target.id))).to.equal(undefined);
      expect((await step((r) => r.findList(a, list.id)))!.contactCount).to.equal(11);
    });
  });
}
