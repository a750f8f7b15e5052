import { expect } from 'chai';
import fc from 'fast-check';
import { currency, Money } from '@tuma/kernel';
import { parseTopUpAmount, TopUp } from '../src/index.ts';

const at = new Date('2026-05-01T09:00:00.000Z');
const later = new Date('2026-05-01T09:03:00.000Z');
const KES = currency('KES');
const kes = (amount: string) => Money.parse(amount, 'KES')._unsafeUnwrap();

const open = (amount = '1500') =>
  TopUp.open(
    {
      id: 'top_01TESTTESTTESTTESTTESTTEST',
      accountId: 'acc_1',
      amount: kes(amount),
      provider: 'hosted',
      providerSessionId: 'hcs_abc',
      checkoutUrl: 'http://localhost:3000/checkout/hcs_abc',
      customerEmail: 'amina@example.com',
    },
    at,
  );

describe('TopUp', () => {
  it('opens pending, with the ledger reference topup:<id>', () => {
    const topUp = open();
    expect(topUp.toSnapshot()).to.include({ status: 'pending', failureReason: null, completedAt: null, provider: 'hosted' });
    expect(topUp.ledgerReference).to.equal('topup:top_01TESTTESTTESTTESTTESTTEST');
  });

  it('refuses a zero or negative amount (a bug: amounts are checked before)', () => {
    expect(() => open('0')).to.throw(RangeError);
    expect(() => open('-5')).to.throw(RangeError);
  });

  it('asks for a credit once: the first payment completes it, every later one is a duplicate', () => {
    const topUp = open();
    expect(topUp.recordPayment(kes('1500'), later)).to.equal('credit');
    expect(topUp.toSnapshot()).to.include({ status: 'completed' });
    expect(topUp.completedAt).to.deep.equal(later);
    expect(topUp.recordPayment(kes('1500'), new Date('2026-05-02T00:00:00.000Z'))).to.equal('duplicate');
    expect(topUp.completedAt).to.deep.equal(later);
  });

  it('fails on a paid amount or currency that differs, never asking for a credit', () => {
    const short = open();
    expect(short.recordPayment(kes('1499.99'), later)).to.equal('mismatch');
    expect(short.status).to.equal('failed');
    expect(short.failureReason).to.equal('amount_mismatch: paid 1499.990000 KES, expected 1500.000000 KES');
    const otherCurrency = open();
    expect(otherCurrency.recordPayment(Money.parse('1500', 'USD')._unsafeUnwrap(), later)).to.equal('mismatch');
    expect(otherCurrency.recordPayment(kes('1500'), later)).to.equal('closed');
  });

  it('expires or fails only while pending; a late payment of an expired top-up still completes it', () => {
    const cancelled = open();
    expect(cancelled.expire(later)).to.equal(true);
    expect(cancelled.expire(later)).to.equal(false);
    expect(cancelled.fail('card_declined', later)).to.equal(false);
    expect(cancelled.status).to.equal('expired');
    expect(cancelled.recordPayment(kes('1500'), later)).to.equal('credit');
    expect(cancelled.status).to.equal('completed');
    expect(cancelled.expire(later)).to.equal(false);
    const declined = open();
    expect(declined.fail('x'.repeat(600), later)).to.equal(true);
    expect(declined.failureReason).to.have.length(500);
  });

  it('rehydrates what it snapshots', () => {
    const topUp = open();
    topUp.recordPayment(kes('1500'), later);
    expect(TopUp.rehydrate(topUp.toSnapshot()).toSnapshot()).to.deep.equal(topUp.toSnapshot());
  });

  it('law: whatever sequence of notices arrives, at most one asks for a credit, and only with the exact amount', () => {
    const notice = fc.oneof(
      fc.constant({ kind: 'paid' as const, amount: '1500' }),
      fc.constantFrom('1500.000001', '1', '15000').map((amount) => ({ kind: 'paid' as const, amount })),
      fc.constant({ kind: 'expired' as const }),
      fc.constant({ kind: 'failed' as const }),
    );
    fc.assert(
      fc.property(fc.array(notice, { maxLength: 12 }), (notices) => {
        const topUp = open();
        const credits = notices.flatMap((n) => {
          if (n.kind === 'expired') topUp.expire(later);
          if (n.kind === 'failed') topUp.fail('declined', later);
          return n.kind === 'paid' && topUp.recordPayment(kes(n.amount), later) === 'credit' ? [n.amount] : [];
        });
        expect(credits.length).to.be.at.most(1);
        expect(credits.every((amount) => amount === '1500')).to.equal(true);
        expect(topUp.status === 'completed').to.equal(credits.length === 1);
      }),
    );
  });
});

describe('parseTopUpAmount', () => {
  const details = (amount: string | number, currencyCode?: string) =>
    parseTopUpAmount({ amount, currency: currencyCode, walletCurrency: KES })._unsafeUnwrapErr().details.map((d) => `${d.path}: ${d.message}`);

  it('reads a decimal string exactly or a number through its shortest form, in the wallet currency', () => {
    expect(parseTopUpAmount({ amount: '2500.55', walletCurrency: KES })._unsafeUnwrap().equals(kes('2500.55'))).to.equal(true);
    expect(parseTopUpAmount({ amount: 10.1, currency: 'kes', walletCurrency: KES })._unsafeUnwrap().micros).to.equal(10_100_000n);
    expect(parseTopUpAmount({ amount: '1.123456', walletCurrency: KES })._unsafeUnwrap().micros).to.equal(1_123_456n);
  });

  it('refuses zero, negative, over-precise, non-decimal and out-of-range amounts, naming amount', () => {
    expect(details('0')).to.deep.equal(['amount: Must be greater than zero']);
    expect(details(-5)).to.deep.equal(['amount: Must be greater than zero']);
    expect(details('1.1234567')).to.deep.equal(['amount: At most 6 decimal places are allowed']);
    expect(details(0.1 + 0.2)).to.deep.equal(['amount: At most 6 decimal places are allowed']);
    for (const bad of ['abc', '1e3', '12,5', '', Number.NaN]) expect(details(bad)[0], String(bad)).to.match(/^amount: Must be a decimal amount/);
    expect(details('0.5')).to.deep.equal(['amount: At least 1 KES']);
    expect(details('1000000000.000001')).to.deep.equal(['amount: At most 1000000000 KES']);
    expect(parseTopUpAmount({ amount: '1000000000', walletCurrency: KES }).isOk()).to.equal(true);
  });

  it('refuses an unknown currency and another currency than the wallet, naming currency, together with amount issues', () => {
    expect(details('10', 'ZZZ')).to.deep.equal(['currency: Not an ISO 4217 currency code: ZZZ']);
    expect(details('10', 'USD')).to.deep.equal(['currency: Top-ups are in the wallet currency, KES; got USD']);
    expect(details('-1', 'USD')).to.deep.equal(['currency: Top-ups are in the wallet currency, KES; got USD', 'amount: Must be greater than zero']);
  });
});
