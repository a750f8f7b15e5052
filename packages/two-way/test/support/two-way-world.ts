import { FxRate } from '@tuma/billing';
import { currency, Money, ok } from '@tuma/kernel';
import { FakeClock } from '@tuma/kernel/testing';
import { EnvironmentGateways, messagingJobRoutes, type InboundClaims } from '@tuma/messaging';
import { FakeCarrier, inMemoryMessaging } from '@tuma/messaging/testing';
import { createTwoWay, type InboundMailer, type TwoWay } from '../../src/index.ts';
import { InMemoryAccountSmsPrices, InMemoryShortCodeInventory, InMemoryTwoWayMessageLog, InMemoryTwoWayPriceTable, InMemoryTwoWayServiceRepository } from '../../src/testing/index.ts';

/**
 * Two-way on in-memory ports over the in-memory SMS core (its inbound claims are two-way's): the
 * default catalogue and price table, USD 1 = KES 129 = UGX 3,700 (Uganda's route: UGX 30 a segment),
 * Uganda's shared code 6000 and dedicated pool 6100, 6101, webhook URLs allowed as given.
 */
export async function twoWayWorld(start = '2026-03-01T08:00:00.000Z') {
  const clock = new FakeClock(start);
  const carrier = new FakeCarrier('accepting', clock);
  let service: TwoWay | undefined;
  const claims: InboundClaims = { claim: (sms) => service!.shortCodeInbound.claim(sms), forwardUrlNow: (accountId, fields) => service!.shortCodeInbound.forwardUrlNow(accountId, fields) };
  const { messaging, ports } = inMemoryMessaging({ clock, gateways: new EnvironmentGateways(carrier, carrier), inboundClaims: claims });
  const { unitOfWork, walletLedger: ledger, fxRates, jobs } = ports;
  for (const route of messagingJobRoutes(messaging)) route.register(jobs, (attempt) => attempt());
  for (const [to, rate] of [['KES', '129'], ['UGX', '3700']] as const) await fxRates.set(FxRate.set({ from: 'USD', to, rate }, clock.now())._unsafeUnwrap());
  const repository = new InMemoryTwoWayServiceRepository();
  const messageLog = new InMemoryTwoWayMessageLog();
  const accountPrices = new InMemoryAccountSmsPrices();
  const mails: Parameters<InboundMailer['send']>[0][] = [];
  service = createTwoWay({
    unitOfWork,
    clock,
    jobs,
    services: repository,
    priceTable: new InMemoryTwoWayPriceTable(),
    inventory: new InMemoryShortCodeInventory({ UG: { shared: '6000', dedicated: ['6100', '6101'] } }),
    webhookUrls: { check: async (raw) => ok(new URL(raw).href) },
    catalogue: ports.catalogue,
    walletLedger: ledger,
    walletOwners: ports.walletOwners,
    fxRates,
    messageLog,
    sendMessage: messaging.sendMessage,
    optOuts: ports.optOutList,
    mailer: { send: async (mail) => void mails.push(mail) },
    accountPrices,
  });
  let wallets = 0;
  const account = async (amount: string): Promise<string> => {
    const accountId = `acc_${++wallets}`;
    (await ledger.openWallet({ accountId, currency: currency('KES') }))._unsafeUnwrap();
    const money = Money.parse(amount, 'KES')._unsafeUnwrap();
    if (money.isPositive()) (await ledger.credit({ accountId, amount: money, reason: 'top-up', reference: `top-up:${accountId}:${amount}` }))._unsafeUnwrap();
    return accountId;
  };
  const topUp = async (accountId: string, amount: string) =>
    (await ledger.credit({ accountId, amount: Money.parse(amount, 'KES')._unsafeUnwrap(), reason: 'top-up', reference: `top-up:${accountId}:${clock.now().toISOString()}` }))._unsafeUnwrap();
  const entries = async (accountId: string) => (await ledger.transactions({ accountId, page: 0, limit: 100 }))._unsafeUnwrap().entries;
  const fees = async (accountId: string) => (await entries(accountId)).filter((e) => e.kind === 'fee');
  const balance = async (accountId: string) => (await ledger.balance(accountId))._unsafeUnwrap()!.balance.toDecimalString();
  return { clock, repository, service, messaging, ports, carrier, messageLog, accountPrices, mails, account, topUp, entries, fees, balance };
}
