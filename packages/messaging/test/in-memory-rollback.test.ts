import { expect } from 'chai';
import { Money } from '@tuma/kernel';
import { rolledBack } from '@tuma/kernel/testing';
import type { MessageBatch } from '../src/domain/messages/message-batch.ts';
import { FIXTURE_TIME, outboundMessageFixture } from '../src/testing/contracts.ts';
import {
  InMemoryBatchAudience,
  InMemoryCatalogue,
  InMemoryContactListRepository,
  InMemoryInboundMessageRepository,
  InMemoryMessageRepository,
  InMemoryOptOutList,
  RecordingEventPublisher,
} from '../src/testing/index.ts';

const AT = FIXTURE_TIME;
const member = (phone: string, name: string | null = null) => ({ phone, country: 'KE', name, vars: {} });
const batch: MessageBatch = {
  id: 'bat_1',
  accountId: 'acc_a',
  apiKeyId: null,
  environment: 'live',
  status: 'sending',
  text: 'Hi',
  senderId: null,
  total: 2,
  cost: Money.parse('0.02', 'USD')._unsafeUnwrap(),
  chargeEntryId: null,
  scheduledAt: null,
  dripRate: null,
  createdAt: AT,
};

describe('the in-memory messaging stores roll back with the unit of work', () => {
  it('leave opt-outs, contact lists and their members, inbound messages, batch audiences and messages, events and the catalogue as they were when the unit of work fails', async () => {
    const optOuts = new InMemoryOptOutList();
    const lists = new InMemoryContactListRepository();
    const messages = new InMemoryMessageRepository();
    const audience = new InMemoryBatchAudience(messages);
    const inbound = new InMemoryInboundMessageRepository(() => messages.all());
    const events = new RecordingEventPublisher();
    const full = new InMemoryCatalogue();
    const catalogue = new InMemoryCatalogue({ markets: [], routes: [], senderIdFees: [] });
    await optOuts.add('acc_a', '+254700000001', { source: 'api', keyword: null }, AT);
    const list = (await lists.insert({ accountId: 'acc_a', name: 'Customers', description: null, createdAt: AT, updatedAt: AT }))._unsafeUnwrap();
    await lists.addMembers('acc_a', list.id, [member('+254700000001', 'Amina')], AT);
    const members = [0, 1].map((seq) => outboundMessageFixture('acc_a', { id: `msg_${seq}`, batchId: batch.id, batchSeq: seq }));
    await audience.keep(batch, members);
    const before = { list: await lists.find('acc_a', list.id), members: await lists.memberPage('acc_a', list.id, 0, 10) };

    await rolledBack(async () => {
      await optOuts.add('acc_a', '+254700000002', { source: 'api', keyword: null }, AT);
      await optOuts.remove('acc_a', '+254700000001');
      await lists.addMembers('acc_a', list.id, [member('+254700000001', 'Wanjiru'), member('+254700000002')], AT);
      await lists.removeMember('acc_a', list.id, '+254700000001', AT);
      await inbound.add({ id: 'mo_1', accountId: 'acc_a', from: '+254700000003', to: 'TUMA', text: 'Hi', carrier: 'simulator', carrierMessageId: 'c1', receivedAt: AT });
      expect(await audience.materialize(batch.id, 0, 1)).to.equal(2);
      await events.publish([{ id: 'evt_1', accountId: 'acc_a', environment: 'live', kind: 'mo', type: 'message.inbound', payload: {}, createdAt: AT }]);
      await catalogue.seed({ markets: await full.listMarkets(), routes: await full.listRoutes(), senderIdFees: await full.senderIdFees() });
    });

    expect(await optOuts.list('acc_a', 10)).to.have.deep.members([{ accountId: 'acc_a', phone: '+254700000001', source: 'api', keyword: null, createdAt: AT }]);
    expect(await lists.find('acc_a', list.id)).to.deep.equal(before.list);
    expect(await lists.memberPage('acc_a', list.id, 0, 10)).to.deep.equal(before.members);
    expect(await inbound.conversations('acc_a', 10)).to.deep.equal([]);
    expect(messages.all()).to.deep.equal([]);
    expect(await audience.materialize(batch.id, 0, 1), 'the chunk is kept still').to.equal(2);
    expect(events.events).to.deep.equal([]);
    expect([await catalogue.listMarkets(), await catalogue.listRoutes(), await catalogue.senderIdFees()]).to.deep.equal([[], [], []]);
  });
});
