import { expect } from 'chai';
import { systemClock } from '@tuma/kernel';
import { ReceiveInboundMessage, type EventPublisher } from '@tuma/messaging';
import { RecordingEventPublisher } from '@tuma/messaging/testing';
import { outboundMessage } from '@tuma/messaging/testing/contracts';
import { MikroOrmInboundMessageRepository, MikroOrmMessageRepository, MikroOrmOptOutList, MikroOrmUnitOfWork, type Database } from '../../src/index.ts';
import { databaseKind, testDatabase, truncateAll } from '../../../../test/support/test-database.ts';
import { insertAccount } from '../support/wallet-accounts.ts';

const KE = '+254712345678';

describe(`inbound messages on MikroORM (${databaseKind()})`, () => {
  let database: Database;
  let accountId: string;
  const inbound = () => new MikroOrmInboundMessageRepository(database);
  const optOuts = () => new MikroOrmOptOutList(database);
  const receiveWith = (events: EventPublisher) => new ReceiveInboundMessage(inbound(), optOuts(), events, new MikroOrmUnitOfWork(database), systemClock);
  const stop = { from: '254712345678', to: '22345', text: 'STOP', carrier: 'smpp:test', carrierMessageId: 'mo-1' };

  beforeEach(async () => {
    database = await testDatabase();
    await truncateAll(database);
    accountId = await insertAccount(database);
    await database.withContext(() => new MikroOrmMessageRepository(database).add([outboundMessage(accountId, KE, new Date('2026-11-21T09:00:00Z'))]));
  });

  it('stores the message, the opt-out and the event together', async () => {
    const events = new RecordingEventPublisher();
    const received = (await database.withContext(() => receiveWith(events).execute(stop)))._unsafeUnwrap();
    expect(received.message.accountId).to.equal(accountId);
    expect(await database.withContext(() => optOuts().list(accountId, 10))).to.have.length(1);
    expect(events.events.map((event) => event.payload)).to.deep.equal([
      { event: 'message.inbound', message_id: received.message.id, from: KE, to: '22345', text: 'STOP', keyword: 'STOP', opt_out: true },
    ]);
  });

  it('stores nothing when publishing the event fails: the carrier delivers the message again and it is taken whole', async () => {
    const failing: EventPublisher = { publish: async () => Promise.reject(new Error('event store down')) };
    let failure: unknown;
    await database.withContext(() => receiveWith(failing).execute(stop)).catch((error: unknown) => (failure = error));
    expect(String(failure)).to.match(/event store down/);
    expect(await database.withContext(() => inbound().thread(accountId, KE, 10))).to.have.length(1);
    expect(await database.withContext(() => optOuts().isOptedOut(accountId, KE))).to.equal(false);

    const again = (await database.withContext(() => receiveWith(new RecordingEventPublisher()).execute(stop)))._unsafeUnwrap();
    expect(again.duplicate).to.equal(false);
    expect(await database.withContext(() => optOuts().isOptedOut(accountId, KE))).to.equal(true);
  });
});
