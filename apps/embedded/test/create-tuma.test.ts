import { expect } from 'chai';
import { Money } from '@tuma/kernel';
import { FakeClock } from '@tuma/kernel/testing';
import { FakeCarrier } from '@tuma/messaging/testing';
import { createTuma, type Tuma, type TumaStore } from '../src/index.ts';

/** The stores createTuma runs on here: memory, and a database (the file's own PostgreSQL on the PostgreSQL leg, else PGlite in memory). */
const stores: [string, () => TumaStore][] = [
  ['memory', () => ({ kind: 'memory' })],
  [process.env.DATABASE_URL ? 'postgresql' : 'pglite', () => (process.env.DATABASE_URL ? { kind: 'postgres', url: process.env.DATABASE_URL } : { kind: 'pglite', dataDir: 'memory://' })],
];

for (const [name, store] of stores) {
  describe(`createTuma on ${name}`, function () {
    this.timeout(60_000);
    let tuma: Tuma;
    let carrier: FakeCarrier;
    const clock = new FakeClock('2026-12-03T09:00:00.000Z');

    before(async () => {
      carrier = new FakeCarrier('fake', clock);
      tuma = await createTuma({ store: store(), carrier, clock, verifyPepper: new Uint8Array(32).fill(7) });
    });
    after(() => tuma.close());

    it('opens a KES account, sends an SMS through the carrier, applies its delivery report and charges the wallet once', async () => {
      const shop = (await tuma.openAccount({ email: `duka-${name}@example.com`, credit: '100' }))._unsafeUnwrap();
      expect(shop.currency).to.equal('KES');
      const sent = (await tuma.messaging.sendMessage.execute({ sender: shop.sender(), to: '+254712345678', text: 'Habari! Your order KE-1042 has shipped.', scheduleMode: 'now' }))._unsafeUnwrap();
      await tuma.runJobs();
      expect(carrier.sentTo('+254712345678').map((s) => [s.messageId, s.segments])).to.deep.equal([[sent.message.id, 1]]);
      await carrier.deliver(sent.message.id);
      const read = (await tuma.messaging.getMessage.execute({ accountId: shop.accountId, environment: 'live' }, sent.message.id))._unsafeUnwrap();
      expect(read.delivery.status).to.equal('delivered');
      const wallet = (await tuma.wallets.balance(shop.accountId))._unsafeUnwrap()!;
      expect(wallet.balance.toDecimalString()).to.equal(Money.parse('100', 'KES')._unsafeUnwrap().subtract(sent.price.walletCost).toDecimalString());
    });

    it('starts a verification whose code goes out through the SMS core, and checks the code the carrier carried', async () => {
      const shop = (await tuma.openAccount({ email: `verify-${name}@example.com`, credit: '10' }))._unsafeUnwrap();
      const scope = { accountId: shop.accountId, environment: 'live' as const };
      const started = (await tuma.verification.startVerification.execute({ sender: shop.sender(), to: '+254712000301' }))._unsafeUnwrap();
      expect(started.status).to.equal('pending');
      const [otp] = carrier.sentTo('+254712000301');
      const code = /\b(\d{4,10})\b/.exec(otp!.text)![1]!;
      expect((await tuma.verification.checkVerification.execute(scope, started.verification.id, '000000'))._unsafeUnwrap().status).to.equal('pending');
      expect((await tuma.verification.checkVerification.execute(scope, started.verification.id, code))._unsafeUnwrap().status).to.equal('approved');
    });

    it('answers expected failures as Results: an invalid number, a refused carrier, an account that exists', async () => {
      const shop = (await tuma.openAccount({ email: `errors-${name}@example.com`, credit: '5' }))._unsafeUnwrap();
      const invalid = await tuma.messaging.sendMessage.execute({ sender: shop.sender(), to: '+2547', text: 'Habari', scheduleMode: 'now' });
      expect(invalid._unsafeUnwrapErr().type).to.equal('invalid_phone_number');
      carrier.refuseNext('+254712000302', { errorCode: 'invalid_destination', retryable: false });
      const refused = await tuma.verification.startVerification.execute({ sender: shop.sender(), to: '+254712000302' });
      expect(refused._unsafeUnwrapErr().type).to.equal('otp_send_failed');
      expect((await tuma.openAccount({ email: `errors-${name}@example.com` }))._unsafeUnwrapErr().type).to.equal('conflict');
    });
  });
}
