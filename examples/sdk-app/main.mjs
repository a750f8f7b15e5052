// A plain Node app on @tuma/sdk. TUMA_URL is the server (http://localhost:3000 for `npm start`),
// TUMA_API_KEY a live or test key (npm start prints the demo account's).
import { createSmsClient } from '@tuma/sdk';

const sms = createSmsClient({ baseUrl: process.env.TUMA_URL ?? 'http://localhost:3000', apiKey: process.env.TUMA_API_KEY });
const order = process.env.ORDER ?? 'KE-1042';

const fail = (what, { error, response }) => {
  console.error(`${what}: ${response.status} ${error.error.code}: ${error.error.message}`);
  process.exit(1);
};

// The same key twice: the second answer is the first one again, and the wallet pays once.
const request = { body: { to: '+254712345678', text: `Habari Amina! Your order ${order} has shipped.` }, idempotencyKey: `order-${order}-shipped` };
const first = await sms.POST('/api/messages/send', request);
if (first.error) fail('send', first);
console.log(`sent ${first.data.id}: ${first.data.segments} segment(s), ${first.data.cost} ${first.data.cost_currency}`);
const again = await sms.POST('/api/messages/send', request);
if (again.error) fail('send again', again);
console.log(`sent again: ${again.data.id}, replayed ${again.response.headers.get('Idempotent-Replayed')}`);

let status = first.data.status;
for (let polls = 0; !['delivered', 'failed', 'expired', 'rejected'].includes(status) && polls < 100; polls++) {
  await new Promise((resolve) => setTimeout(resolve, 200));
  const read = await sms.GET('/api/messages/{id}', { params: { path: { id: first.data.id } } });
  if (read.error) fail('read', read);
  status = read.data.status;
}
console.log(`status: ${status}`);

const balance = await sms.GET('/api/balance');
if (balance.error) fail('balance', balance);
console.log(`balance: ${balance.data.balance} ${balance.data.currency}`);
