/** The contract suite of the broadcasts' store. */
import { expect } from 'chai';
import { newId } from '@tuma/kernel';
import type { BroadcastRepository } from '../application/broadcasts/broadcast.repository.port.ts';
import type { MailContactRepository } from '../application/contacts/mail-contact.repository.port.ts';
import type { SuppressionList } from '../application/suppressions/suppression-list.port.ts';
import type { BroadcastSnapshot } from '../domain/broadcasts/broadcast.ts';

export interface BroadcastRepositoryFixture {
  /** Empty stores over the same data: the broadcasts snapshot these contacts and suppressions. */
  readonly broadcasts: BroadcastRepository;
  readonly contacts: MailContactRepository;
  readonly suppressions: SuppressionList;
  /** Two accounts that exist. */
  readonly accountIds: readonly [string, string];
  readonly step: <T>(work: () => Promise<T>) => Promise<T>;
}

const AT = Date.UTC(2026, 10, 25, 8, 0, 0, 123);
const at = (n: number) => new Date(AT + n * 1000);

export function describeBroadcastRepositoryContract(name: string, make: () => Promise<BroadcastRepositoryFixture>): void {
  describe(`BroadcastRepository contract: ${name}`, () => {
    let f: BroadcastRepositoryFixture;
    let a: string;
    let b: string;
    const step = <T>(work: () => Promise<T>) => f.step(work);

    /** A list of `size` contacts (`c000@example.org`, ...), the given ones unsubscribed. */
    const listOf = async (accountId: string, size: number, unsubscribed: readonly number[] = []) => {
      const list = (await step(() => f.contacts.insertList({ id: newId('cl', at(1)), accountId, name: `List ${Math.random()}`, createdAt: at(1), updatedAt: at(1) })))._unsafeUnwrap();
      let n = 0;
      const writes = Array.from({ length: size }, (_, i) => ({ email: `c${String(i).padStart(3, '0')}@example.org`, firstName: `F${i}`, lastName: null, data: { n: String(i) }, ...(unsubscribed.includes(i) ? { unsubscribed: true } : {}) }));
      await step(() => f.contacts.upsert(accountId, list.id, writes, at(2), () => newId('ct', at(3 + n++))));
      return list.id;
    };
    const broadcast = (accountId: string, listId: string, n: number): BroadcastSnapshot => ({
      id: newId('bc', at(n)),
      accountId,
      listId,
      domainId: null,
      from: { address: 'news@example.com', name: 'News' },
      replyTo: [{ address: 'reply@example.com' }],
      subject: 'Hi {{first_name}}',
      html: '<p>Hi</p>',
      text: null,
      tags: [{ name: 'kind', value: 'news' }],
      scheduledAt: at(n + 60),
      cancelledAt: null,
      createdAt: at(n),
    });

    beforeEach(async () => {
      f = await make();
      [a, b] = f.accountIds;
    });

    it("snapshots the list in its order, skipping unsubscribed contacts and the account's suppressed addresses; reads within the account", async () => {
      const listId = await listOf(a, 6, [1]);
      await step(() => f.suppressions.add({ id: newId('sup', at(4)), accountId: a, email: 'c002@example.org', reason: 'hard_bounce', emailId: null, detail: null, createdAt: at(4) }));
      await step(() => f.suppressions.add({ id: newId('sup', at(4)), accountId: b, email: 'c003@example.org', reason: 'complaint', emailId: null, detail: null, createdAt: at(4) }));
      const sent = broadcast(a, listId, 10);
      expect(await step(() => f.broadcasts.create(sent))).to.deep.equal({ recipients: 6, pending: 4, skippedUnsubscribed: 1, skippedSuppressed: 1 });
      expect(await step(() => f.broadcasts.find(a, sent.id))).to.deep.equal(sent);
      expect(await step(() => f.broadcasts.findById(sent.id))).to.deep.equal(sent);
      expect(await step(() => f.broadcasts.find(b, sent.id))).to.equal(undefined);
      const later = broadcast(a, listId, 20);
      await step(() => f.broadcasts.create(later));
      expect((await step(() => f.broadcasts.list(a, { limit: 10 }))).map((x) => x.id)).to.deep.equal([later.id, sent.id]);
      expect((await step(() => f.broadcasts.list(a, { after: later.id, limit: 10 }))).map((x) => x.id)).to.deep.equal([sent.id]);
      expect(await step(() => f.broadcasts.list(b, { limit: 10 }))).to.deep.equal([]);
      const { states } = await step(() => f.broadcasts.progress(sent.id));
      expect(states).to.deep.equal({ pending: 4, queued: 0, skipped_unsubscribed: 1, skipped_suppressed: 1, cancelled: 0 });
    });

    it('claims each pending recipient once, in seq order, skipping a contact who unsubscribed since; cancel stops the rest', async () => {
      const listId = await listOf(a, 5);
      const sent = broadcast(a, listId, 10);
      await step(() => f.broadcasts.create(sent));
      const gone = (await step(() => f.contacts.findContact(a, listId, 'c001@example.org')))!;
      await step(() => f.contacts.unsubscribe(gone.id, at(11)));
      const first = await step(() => f.broadcasts.claim(sent.id, 0, 3));
      expect(first.map((r) => [r.seq, r.email, r.firstName, r.data])).to.deep.equal([
        [0, 'c000@example.org', 'F0', { n: '0' }],
        [2, 'c002@example.org', 'F2', { n: '2' }],
      ]);
      expect(first[0]!.contactId).to.match(/^ct_/);
      expect(await step(() => f.broadcasts.claim(sent.id, 0, 3)), 'claimed already').to.deep.equal([]);
      await step(() => f.broadcasts.linkEmails(sent.id, first.map((r) => ({ seq: r.seq, emailId: newId('em', at(12)) }))));
      expect((await step(() => f.broadcasts.progress(sent.id))).states).to.deep.equal({ pending: 2, queued: 2, skipped_unsubscribed: 1, skipped_suppressed: 0, cancelled: 0 });
      expect(await step(() => f.broadcasts.cancel(sent.id, at(13)))).to.equal(2);
      expect((await step(() => f.broadcasts.find(a, sent.id)))!.cancelledAt).to.deep.equal(at(13));
      expect(await step(() => f.broadcasts.claim(sent.id, 3, 6)), 'cancelled').to.deep.equal([]);
      expect((await step(() => f.broadcasts.progress(sent.id))).states).to.deep.equal({ pending: 0, queued: 2, skipped_unsubscribed: 1, skipped_suppressed: 0, cancelled: 2 });
    });
  });
}
