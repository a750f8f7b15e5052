// A plain Node app (no TypeScript, no tsx) on createTuma: an account with a KES wallet, an SMS and
// a Verify code carried by the FakeCarrier, the delivery report applied. TUMA_STORE=pglite keeps
// the state in an embedded PostgreSQL in ./.tuma-data instead of memory. docs/embedding.md.
import { createTuma } from '@tuma/embedded';
import { FakeCarrier } from '@tuma/messaging/testing';

const carrier = new FakeCarrier();
const store = process.env.TUMA_STORE === 'pglite' ? { kind: 'pglite', dataDir: process.env.TUMA_DATA_DIR ?? './.tuma-data' } : { kind: 'memory' };
const tuma = await createTuma({ store, carrier });

const must = (result) => {
  if (result.isErr()) throw new Error(`${result.error.type}: ${result.error.message}`);
  return result.value;
};

const shop = must(await tuma.openAccount({ email: `duka-${Date.now()}@example.com`, currency: 'KES', credit: '100' }));
console.log(`account ${shop.accountId}: ${shop.currency} wallet`);

const sent = must(await tuma.messaging.sendMessage.execute({ sender: shop.sender(), to: '+254712345678', text: 'Habari Amina! Your order KE-1042 has shipped.', scheduleMode: 'now' }));
await tuma.runJobs(); // the dispatch job hands it to the carrier
const [submission] = carrier.sentTo('+254712345678');
console.log(`carrier took ${submission.messageId}: ${submission.segments} segment(s)`);
await carrier.deliver(sent.message.id); // its delivery report comes back
const delivered = must(await tuma.messaging.getMessage.execute({ accountId: shop.accountId, environment: 'live' }, sent.message.id));
console.log(`message ${delivered.id}: ${delivered.delivery.status}, ${sent.price.walletCost.toDecimalString()} KES`);

const started = must(await tuma.verification.startVerification.execute({ sender: shop.sender(), to: '+254712000301' }));
const code = /\d{4,10}/.exec(carrier.sentTo('+254712000301')[0].text)[0];
const checked = must(await tuma.verification.checkVerification.execute({ accountId: shop.accountId, environment: 'live' }, started.verification.id, code));
console.log(`verification ${started.verification.id}: ${checked.status}`);

const wallet = must(await tuma.wallets.balance(shop.accountId));
console.log(`balance: ${wallet.balance.toDecimalString()} KES`);
await tuma.close();
