import { expect } from 'chai';
import { newId } from '@tuma/kernel';
import { rolledBack } from '@tuma/kernel/testing';
import { InMemoryBroadcastRepository, InMemoryMailContactRepository, InMemoryMailOutbox, InMemoryMailUsage, InMemorySuppressionList } from '../src/testing/index.ts';

const AT = new Date(Date.UTC(2026, 10, 25, 8, 0, 0));
const contact = (email: string) => ({ email, firstName: null, lastName: null, data: {} });

describe('the in-memory mail stores roll back with the unit of work', () => {
  it('leave contacts, broadcast recipients, the outbox, usage and suppressions as they were when the unit of work fails', async () => {
    const contacts = new InMemoryMailContactRepository();
    const suppressions = new InMemorySuppressionList();
    const broadcasts = new InMemoryBroadcastRepository(contacts, suppressions);
    const outbox = new InMemoryMailOutbox();
    const usage = new InMemoryMailUsage();
    const list = (await contacts.insertList({ id: newId('cl', AT), accountId: 'acc_a', name: 'News', createdAt: AT, updatedAt: AT }))._unsafeUnwrap();
    await contacts.upsert('acc_a', list.id, [contact('a@example.org'), contact('b@example.org')], AT, () => newId('ct', AT));
    const broadcast = { id: newId('bc', AT), accountId: 'acc_a', listId: list.id, domainId: null, from: { address: 'news@example.com' }, replyTo: [], subject: 'Hi', html: null, text: 'Hi', tags: [], scheduledAt: null, cancelledAt: null, createdAt: AT };
    await broadcasts.create(broadcast);
    const before = { page: await contacts.contactPage('acc_a', list.id, { offset: 0, limit: 10 }), progress: await broadcasts.progress(broadcast.id) };

    await rolledBack(async () => {
      const [first] = await broadcasts.claim(broadcast.id, 0, 1);
      await broadcasts.linkEmails(broadcast.id, [{ seq: first!.seq, emailId: 'em_1' }]);
      await broadcasts.cancel(broadcast.id, AT);
      await contacts.upsert('acc_a', list.id, [contact('c@example.org')], AT, () => newId('ct', AT));
      await contacts.unsubscribe(first!.contactId, AT);
      await outbox.add({ emailId: 'em_1', messageId: '<1@outbox>', from: { address: 'news@example.com' }, recipients: ['a@example.org'], subject: 'Hi', returnPath: 'em_1@bounces.example.com', raw: '', createdAt: AT });
      await usage.take('acc_a', 1, AT);
      await suppressions.add({ id: 'sup_1', accountId: 'acc_a', email: 'b@example.org', reason: 'hard_bounce', emailId: null, detail: null, createdAt: AT });
    });

    expect(await contacts.contactPage('acc_a', list.id, { offset: 0, limit: 10 })).to.deep.equal(before.page);
    expect(await broadcasts.progress(broadcast.id)).to.deep.equal(before.progress);
    expect((await broadcasts.findById(broadcast.id))?.cancelledAt).to.equal(null);
    expect(await outbox.list({ limit: 10 })).to.deep.equal([]);
    expect(await usage.read('acc_a', AT)).to.deep.equal({ month: 0, day: 0 });
    expect(await suppressions.suppressed('acc_a', ['b@example.org'])).to.deep.equal(new Set());
  });
});
