// A plain Node app (no TypeScript, no tsx) embedding Tuma's SMS core: in-memory stores, a carrier
// of its own, one SMS sent, its delivery report applied, the wallet's ledger read. docs/embedding.md.
import { Money, ok, systemClock } from '@tuma/kernel';
import { createMessaging, EnvironmentGateways, messagingJobRoutes } from '@tuma/messaging';
import { inMemoryMessagingPorts, RecordingEventPublisher } from '@tuma/messaging/testing';

/**
 * The app's own carrier: a CarrierGateway is `name` and `submit(submission)`. This one takes every
 * part at once and, a moment later, reports each part delivered to the DeliveryReceiptSink it was
 * given, as an SMSC's delivery receipts would come back.
 */
class LoopbackCarrier {
  name = 'loopback';
  #sequence = 0;
  #pending = [];

  constructor(sink, clock) {
    this.sink = sink;
    this.clock = clock;
  }

  async submit(submission) {
    console.log(`carrier received ${submission.messageId} for ${submission.to}: "${submission.text}" (${submission.parts.length} part)`);
    const carrierMessageIds = submission.parts.map(() => `loop-${++this.#sequence}`);
    carrierMessageIds.forEach((carrierMessageId, partIndex) => this.#pending.push({ carrierMessageId, messageId: submission.messageId, partIndex }));
    return ok({ carrierMessageIds });
  }

  /** Hands the receipts of everything submitted so far to the sink. */
  async reportDeliveries() {
    for (const { carrierMessageId, messageId, partIndex } of this.#pending.splice(0)) {
      const at = this.clock.now();
      await this.sink.receive({ carrier: this.name, carrierMessageId, messageId, partIndex, state: 'delivered', errorCode: null, carrierErrorCode: null, submittedAt: at, doneAt: at, receivedAt: at });
    }
  }
}

// --- the SMS core on in-memory adapters -------------------------------------------------------
// inMemoryMessagingPorts gives every port of the core in memory (the 54 markets and sample routes,
// an empty wallet store, jobs run by hand); an app replaces any of them with its own, as the
// carriers here. createMessaging builds every use case from the ports, as the server does.
const clock = systemClock;
const events = new RecordingEventPublisher(); // no webhooks here: the app keeps the events
// Receipts go to the core's ApplyDeliveryReceipts (looked up when they come, after the core is built).
const receiptSink = { receive: async (receipt) => void (await messaging.applyDeliveryReceipts.execute([receipt])) };
const carrier = new LoopbackCarrier(receiptSink, clock);
// Live sends go to the first gateway, test-environment sends to the second.
const ports = inMemoryMessagingPorts({ clock, gateways: new EnvironmentGateways(carrier, carrier), eventPublisher: events });
const messaging = createMessaging(ports);
const { jobs, walletLedger: ledger, messageRepository: messages } = ports;
for (const route of messagingJobRoutes(messaging)) route.register(jobs, (attempt) => attempt());

// --- an account with money, one SMS, its delivery report, the ledger --------------------------
const accountId = 'acc_embedded_shop';
const sender = { accountId, apiKeyId: null, environment: 'live', walletCurrency: 'KES' };
const must = (result) => {
  if (result.isErr()) throw new Error(`${result.error.type}: ${result.error.message}`);
  return result.value;
};

must(await ledger.openWallet({ accountId, currency: 'KES' }));
const topUp = must(await ledger.credit({ accountId, amount: must(Money.parse('100', 'KES')), reason: 'welcome credit', reference: 'welcome-1' }));
console.log(`wallet credited: ${topUp.amount.toDecimalString()} KES`);

const sent = must(await messaging.sendMessage.execute({ sender, to: '+254712345678', text: 'Habari! Your order has shipped.', scheduleMode: 'now' }));
console.log(`sent ${sent.message.id}: ${sent.message.segments} segment(s), ${sent.price.walletCost.toDecimalString()} KES, status ${sent.message.delivery.status}`);

await jobs.runDue(); // the dispatch job: the message goes to the carrier
await carrier.reportDeliveries(); // the carrier's delivery report comes back
const delivered = await messages.find(accountId, sent.message.id);
console.log(`DLR applied: ${delivered.id} ${delivered.delivery.status} at ${delivered.delivery.deliveredAt?.toISOString()}`);

const { entries, total } = must(await ledger.transactions({ accountId, page: 0, limit: 10 }));
console.log(`ledger: ${total} entries`);
for (const entry of entries) console.log(`  ${entry.kind} ${entry.amount.toDecimalString()} KES (${entry.reason}) balance ${entry.balanceAfter.toDecimalString()}`);
