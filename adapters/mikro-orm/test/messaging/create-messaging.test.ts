import { expect } from 'chai';
import { WalletLedger } from '@tuma/billing';
import { currency, Money } from '@tuma/kernel';
import { FakeClock } from '@tuma/kernel/testing';
import { createMessaging, EnvironmentGateways, messagingJobRoutes } from '@tuma/messaging';
import { FakeCarrier, inMemoryMessagingPorts, RecordingEventPublisher } from '@tuma/messaging/testing';
import {
  MikroOrmBatchAudience,
  MikroOrmBatchRepository,
  MikroOrmCatalogue,
  MikroOrmFxRates,
  MikroOrmIdempotencyKeyStore,
  MikroOrmInboundMessageRepository,
  MikroOrmMessageReports,
  MikroOrmMessageRepository,
  MikroOrmOptOutList,
  MikroOrmSenderIdRepository,
  MikroOrmUnitOfWork,
  MikroOrmWalletStore,
} from '../../src/index.ts';
import { databaseKind, testDatabase, truncateAll } from '../../../../test/support/test-database.ts';
import { insertAccount } from '../support/wallet-accounts.ts';

/** docs/embedding.md, "On your own PostgreSQL": the SMS core from its factory over the MikroORM stores. */
describe(`createMessaging over the MikroORM stores on ${databaseKind()}`, () => {
  it('seeds the catalogue, sends, dispatches, applies the delivery report and keeps the ledger in the database', async () => {
    const database = await testDatabase();
    await truncateAll(database);
    const clock = new FakeClock('2026-11-24T10:00:00.000Z');
    const carrier = new FakeCarrier('accepting', clock);
    const unitOfWork = new MikroOrmUnitOfWork(database);
    const ports = inMemoryMessagingPorts({
      clock,
      gateways: new EnvironmentGateways(carrier, carrier),
      eventPublisher: new RecordingEventPublisher(),
      unitOfWork,
      walletLedger: new WalletLedger(new MikroOrmWalletStore(database), unitOfWork, clock),
      catalogue: new MikroOrmCatalogue(database),
      fxRates: new MikroOrmFxRates(database),
      optOutList: new MikroOrmOptOutList(database),
      senderIdRepository: new MikroOrmSenderIdRepository(database),
      messageRepository: new MikroOrmMessageRepository(database),
      batchRepository: new MikroOrmBatchRepository(database),
      batchAudience: new MikroOrmBatchAudience(database),
      messageReports: new MikroOrmMessageReports(database),
      inboundMessageRepository: new MikroOrmInboundMessageRepository(database),
      idempotencyKeys: new MikroOrmIdempotencyKeyStore(database),
    });
    const messaging = createMessaging(ports);
    for (const route of messagingJobRoutes(messaging)) route.register(ports.jobs, (attempt) => database.withContext(attempt));
    const { walletLedger: ledger } = ports;

    await database.withContext(() => messaging.seedCatalogue.execute());
    const accountId = await insertAccount(database, 'KES');
    await database.withContext(async () => {
      (await ledger.openWallet({ accountId, currency: currency('KES') }))._unsafeUnwrap();
      (await ledger.credit({ accountId, amount: Money.parse('100', 'KES')._unsafeUnwrap(), reason: 'welcome credit', reference: 'welcome-1' }))._unsafeUnwrap();
    });
    const sender = { accountId, apiKeyId: null, environment: 'live' as const, walletCurrency: currency('KES') };
    const sent = (await database.withContext(() => messaging.sendMessage.execute({ sender, to: '+254712345678', text: 'Habari!', scheduleMode: 'now' })))._unsafeUnwrap();
    await ports.jobs.runDue();
    expect(carrier.submissions.map((s) => s.messageId)).to.deep.equal([sent.message.id]);

    carrier.connect({ receive: (receipt) => database.withContext(async () => void (await messaging.applyDeliveryReceipts.execute([receipt]))) });
    await carrier.deliver(sent.message.id);
    const stored = await database.withContext(() => messaging.getMessage.execute({ accountId, environment: 'live' }, sent.message.id));
    expect(stored._unsafeUnwrap().delivery.status).to.equal('delivered');
    const { entries, total } = (await database.withContext(() => ledger.transactions({ accountId, page: 0, limit: 10 })))._unsafeUnwrap();
    expect(total).to.equal(2);
    expect(entries.map((entry) => entry.amount.toDecimalString()).sort()).to.deep.equal([sent.price.walletCost.negate().toDecimalString(), '100.000000'].sort());
  });
});
