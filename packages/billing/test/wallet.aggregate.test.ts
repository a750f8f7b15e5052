import { expect } from 'chai';
import { currency, Money } from '@tuma/kernel';
import { draftEntry, Wallet } from '../src/index.ts';

const KES = currency('KES');
const kes = (amount: string) => Money.parse(amount, KES)._unsafeUnwrap();
const at = new Date('2026-06-01T00:00:00.000Z');
const snapshot = (balance: string, reserved: string) => ({ accountId: 'acc_1', currency: KES, balance: kes(balance), reserved: kes(reserved), updatedAt: at });

describe('Wallet aggregate', () => {
  it('refuses to rehydrate a state that breaks its invariants: a bug, not a user error', () => {
    expect(() => Wallet.rehydrate(snapshot('-1', '0'))).to.throw(/corrupt/);
    expect(() => Wallet.rehydrate(snapshot('1', '2'))).to.throw(/corrupt/);
    expect(() => Wallet.rehydrate({ ...snapshot('1', '0'), reserved: Money.zero(currency('USD')) })).to.throw(/currencies/);
    expect(Wallet.rehydrate(snapshot('2', '1')).available.toString()).to.equal('1.000000 KES');
  });

  it('drafts a charge as a negative entry and posts it only within what is available', () => {
    const wallet = Wallet.rehydrate(snapshot('5', '2'));
    const draft = Wallet.draftCharge('acc_1', { amount: kes('3'), reason: 'SMS', reference: 'd1', kind: 'fee' }, at);
    expect([draft.kind, draft.amount.toString()]).to.deep.equal(['fee', '-3.000000 KES']);
    const posted = wallet.post(draft)._unsafeUnwrap();
    expect([posted.balanceAfter.toString(), wallet.available.toString()]).to.deep.equal(['2.000000 KES', '0.000000 KES']);
    const again = wallet.post(Wallet.draftCharge('acc_1', { amount: kes('0.000001'), reason: 'SMS', reference: 'd2', kind: 'debit' }, at));
    expect(again._unsafeUnwrapErr().type).to.equal('insufficient_balance');
    const negative = wallet.post(Wallet.draftCharge('acc_1', { amount: kes('-1'), reason: 'SMS', reference: 'd3', kind: 'debit' }, at));
    expect(negative._unsafeUnwrapErr().type).to.equal('invalid_amount');
  });

  it('posts nothing but credits and plain charges of its own account', () => {
    const wallet = Wallet.rehydrate(snapshot('5', '0'));
    const refund = draftEntry({ accountId: 'acc_1', kind: 'refund', amount: kes('1'), reason: 'r', reference: 'r1', refundOf: 'txn_x' }, at);
    const capture = draftEntry({ accountId: 'acc_1', kind: 'debit', amount: kes('-1'), reason: 'r', reference: 'c1', reservationId: 'rsv_x' }, at);
    const foreign = Wallet.draftCredit('acc_2', { amount: kes('1'), reason: 'r', reference: 'x1' }, at);
    for (const draft of [refund, capture, foreign]) expect(() => wallet.post(draft)).to.throw(/Only credits and plain charges/);
    expect(wallet.toSnapshot().balance.toString()).to.equal('5.000000 KES');
  });
});
