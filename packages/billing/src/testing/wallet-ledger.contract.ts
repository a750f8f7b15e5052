/** Contract suite of the wallet ledger over any WalletStore: what every store must make true. */
import { expect } from 'chai';
import { currency, Money, type ResultAsync } from '@tuma/kernel';
import type { WalletError } from '../domain/wallet-errors.ts';
import { allEntries, expectBalanceIsLedgerSum, KES, kes, type WalletLedgerFixture } from './wallet-contract-support.ts';
import { describeReservationContract } from './wallet-reservation.contract.ts';

export function describeWalletLedgerContract(name: string, make: () => Promise<WalletLedgerFixture>): void {
  describe(`WalletLedger contract: ${name}`, () => {
    let f: WalletLedgerFixture;
    let account: string;
    const run = <T>(work: () => PromiseLike<T>) => f.step(work);
    const open = (accountId = account) => run(() => f.ledger.openWallet({ accountId, currency: KES }));
    const credit = (amount: string, reference: string, accountId = account) =>
      run(() => f.ledger.credit({ accountId, amount: kes(amount), reason: 'Top-up', reference, related: { type: 'top_up', id: `top_${reference}` } }));
    const charge = (amount: string, reference: string, kind?: 'debit' | 'fee') =>
      run(() => f.ledger.charge({ accountId: account, amount: kes(amount), reason: 'SMS', reference, related: { type: 'message', id: `msg_${reference}` }, kind }));
    const balance = async () => (await run(() => f.ledger.balance(account)))._unsafeUnwrap()!;

    beforeEach(async () => {
      f = await make();
      account = await f.newAccount();
    });

    it('opens one wallet per account, idempotently, in one currency', async () => {
      expect((await run(() => f.ledger.balance(account)))._unsafeUnwrap()).to.equal(undefined);
      expect(await run(() => f.ledger.balanceOf(account))).to.equal(undefined);
      const opened = (await open())._unsafeUnwrap();
      expect(opened).to.deep.include({ accountId: account, currency: KES, updatedAt: f.clock.now() });
      expect([opened.balance, opened.reserved, opened.available].map(String)).to.deep.equal(['0.000000 KES', '0.000000 KES', '0.000000 KES']);
      await credit('5', 'c1');
      expect((await open())._unsafeUnwrap().balance.toString()).to.equal('5.000000 KES');
      const other = (await run(() => f.ledger.openWallet({ accountId: account, currency: currency('USD') })))._unsafeUnwrapErr();
      expect(other).to.include({ type: 'currency_mismatch', walletCurrency: 'KES', currency: 'USD' });
      expect((await run(() => f.ledger.balanceOf(account)))?.toString()).to.equal('5.000000 KES');
    });

    it('refuses to credit a wallet that was never opened; charging one finds nothing available', async () => {
      expect((await credit('5', 'c1'))._unsafeUnwrapErr()).to.include({ type: 'wallet_not_found', accountId: account });
      const refused = (await charge('2', 'd1'))._unsafeUnwrapErr();
      expect(refused.type).to.equal('insufficient_balance');
      if (refused.type !== 'insufficient_balance') return;
      expect([refused.required.toString(), refused.available.toString()]).to.deep.equal(['2.000000 KES', '0.000000 KES']);
      expect((await run(() => f.ledger.transactions({ accountId: account, page: 0, limit: 20 })))._unsafeUnwrap()).to.deep.equal({ entries: [], total: 0 });
    });

    it('records credits, debits and fees with their signs, balance_after and everything given, and stores them exactly', async () => {
      await open();
      f.clock.advance(1000);
      const top = (await credit('10.5', 'c1'))._unsafeUnwrap();
      const sms = (await charge('0.000001', 'd1'))._unsafeUnwrap();
      const fee = (await charge('2', 'f1', 'fee'))._unsafeUnwrap();
      expect(top).to.deep.include({ accountId: account, kind: 'credit', reason: 'Top-up', reference: 'c1', related: { type: 'top_up', id: 'top_c1' } });
      expect(top).to.deep.include({ refundOf: null, reverses: null, reservationId: null, createdAt: f.clock.now() });
      expect(top.id).to.match(/^txn_[0-9A-Z]{26}$/);
      expect([top, sms, fee].map((e) => [e.kind, e.amount.toString(), e.balanceAfter.toString()])).to.deep.equal([
        ['credit', '10.500000 KES', '10.500000 KES'],
        ['debit', '-0.000001 KES', '10.499999 KES'],
        ['fee', '-2.000000 KES', '8.499999 KES'],
      ]);
      expect(await allEntries(f, account)).to.deep.equal([fee, sms, top]);
      expect((await balance()).updatedAt).to.deep.equal(f.clock.now());
      await expectBalanceIsLedgerSum(f, account);
    });

    it('pages entries newest first with the total', async () => {
      await open();
      for (let i = 1; i <= 5; i++) await credit(String(i), `c${i}`);
      const page = async (p: number, limit: number) => (await run(() => f.ledger.transactions({ accountId: account, page: p, limit })))._unsafeUnwrap();
      const first = await page(0, 2);
      expect([first.total, first.entries.map((e) => e.reference)]).to.deep.equal([5, ['c5', 'c4']]);
      expect((await page(2, 2)).entries.map((e) => e.reference)).to.deep.equal(['c1']);
      expect((await page(3, 2)).entries).to.deep.equal([]);
      const bad = (await run(() => f.ledger.transactions({ accountId: account, page: -1, limit: 0 })))._unsafeUnwrapErr();
      expect(bad.type).to.equal('validation_error');
    });

    it('refuses a charge beyond what is available, naming required and available, and writes nothing', async () => {
      await open();
      await credit('3', 'c1');
      const refused = (await charge('3.000001', 'd1'))._unsafeUnwrapErr();
      expect(refused.type).to.equal('insufficient_balance');
      if (refused.type !== 'insufficient_balance') return;
      expect([refused.required.toString(), refused.available.toString()]).to.deep.equal(['3.000001 KES', '3.000000 KES']);
      expect((await charge('3', 'd1'))._unsafeUnwrap().balanceAfter.toString()).to.equal('0.000000 KES');
      expect((await allEntries(f, account)).map((e) => e.reference)).to.deep.equal(['d1', 'c1']);
    });

    it('refuses zero, negative and oversized amounts, other currencies, blank reasons and references', async () => {
      await open();
      const type = async (work: () => ResultAsync<unknown, WalletError>) => (await run(work))._unsafeUnwrapErr().type;
      const base = { accountId: account, reason: 'r', reference: 'x' };
      expect(await type(() => f.ledger.credit({ ...base, amount: kes('0') }))).to.equal('invalid_amount');
      expect(await type(() => f.ledger.charge({ ...base, amount: kes('-1') }))).to.equal('invalid_amount');
      expect(await type(() => f.ledger.credit({ ...base, amount: kes('100000000000000') }))).to.equal('invalid_amount');
      expect(await type(() => f.ledger.credit({ ...base, amount: Money.parse('1', 'USD')._unsafeUnwrap() }))).to.equal('currency_mismatch');
      expect(await type(() => f.ledger.credit({ ...base, reason: '  ', amount: kes('1') }))).to.equal('validation_error');
      expect(await type(() => f.ledger.credit({ ...base, reference: '', amount: kes('1') }))).to.equal('validation_error');
      expect(await allEntries(f, account)).to.deep.equal([]);
    });

    it('holds the largest balance a wallet can hold, exactly', async () => {
      await open();
      const max = (await credit('99999999999999.999999', 'c1'))._unsafeUnwrap();
      expect((await allEntries(f, account))[0]?.balanceAfter.toString()).to.equal('99999999999999.999999 KES');
      expect(max.amount.toString()).to.equal('99999999999999.999999 KES');
      expect((await credit('0.000001', 'c2'))._unsafeUnwrapErr().type).to.equal('invalid_amount');
    });

    it('applies a reference once: a repeat returns the first entry unchanged; a different operation under it conflicts', async () => {
      await open();
      const first = (await credit('5', 'same'))._unsafeUnwrap();
      f.clock.advance(60_000);
      expect((await credit('5', 'same'))._unsafeUnwrap()).to.deep.equal(first);
      const conflict = (await credit('6', 'same'))._unsafeUnwrapErr();
      expect(conflict).to.include({ type: 'reference_conflict', reference: 'same', existingId: first.id });
      expect((await charge('5', 'same'))._unsafeUnwrapErr().type).to.equal('reference_conflict');
      const debit = (await charge('1', 'd1'))._unsafeUnwrap();
      expect((await charge('1', 'd1', 'fee'))._unsafeUnwrapErr().type).to.equal('reference_conflict');
      expect((await charge('1', 'd1'))._unsafeUnwrap()).to.deep.equal(debit);
      expect((await balance()).balance.toString()).to.equal('4.000000 KES');
      expect(await allEntries(f, account)).to.have.length(2);
    });

    it('keeps references per account', async () => {
      const other = await f.newAccount();
      await open();
      await open(other);
      await credit('1', 'shared');
      expect((await credit('2', 'shared', other))._unsafeUnwrap().amount.toString()).to.equal('2.000000 KES');
    });

    it('refunds a debit in parts, never beyond it, and a fee; refunds carry the debit and its related object', async () => {
      await open();
      await credit('10', 'c1');
      const debit = (await charge('4', 'd1'))._unsafeUnwrap();
      const refund = (input: { entryId?: string; amount?: string; reference: string }) =>
        run(() =>
          f.ledger.refund({ accountId: account, entryId: input.entryId ?? debit.id, amount: input.amount ? kes(input.amount) : undefined, reason: 'Undelivered', reference: input.reference }),
        );
      const part = (await refund({ amount: '1.5', reference: 'r1' }))._unsafeUnwrap();
      expect(part).to.deep.include({ kind: 'refund', refundOf: debit.id, related: debit.related, reason: 'Undelivered' });
      expect([part.amount.toString(), part.balanceAfter.toString()]).to.deep.equal(['1.500000 KES', '7.500000 KES']);
      const over = (await refund({ amount: '2.500001', reference: 'r2' }))._unsafeUnwrapErr();
      expect(over.type).to.equal('refund_exceeds_charge');
      if (over.type === 'refund_exceeds_charge') expect([over.entryId, over.refundable.toString()]).to.deep.equal([debit.id, '2.500000 KES']);
      const rest = (await refund({ reference: 'r3' }))._unsafeUnwrap();
      expect(rest.amount.toString()).to.equal('2.500000 KES');
      expect((await refund({ reference: 'r3' }))._unsafeUnwrap()).to.deep.equal(rest);
      expect((await refund({ reference: 'r4' }))._unsafeUnwrapErr().type).to.equal('refund_exceeds_charge');
      const fee = (await charge('1', 'f1', 'fee'))._unsafeUnwrap();
      expect((await refund({ entryId: fee.id, reference: 'r5' }))._unsafeUnwrap().amount.toString()).to.equal('1.000000 KES');
      const top = (await allEntries(f, account)).find((e) => e.kind === 'credit')!;
      expect((await refund({ entryId: top.id, reference: 'r6' }))._unsafeUnwrapErr()).to.include({ type: 'entry_not_found', entryId: top.id });
      expect((await refund({ entryId: 'txn_unknown', reference: 'r7' }))._unsafeUnwrapErr().type).to.equal('entry_not_found');
      expect((await balance()).balance.toString()).to.equal('10.000000 KES');
      await expectBalanceIsLedgerSum(f, account);
    });

    it("does not refund another account's debit", async () => {
      const other = await f.newAccount();
      await open(other);
      await credit('5', 'c1', other);
      const theirs = (await run(() => f.ledger.charge({ accountId: other, amount: kes('1'), reason: 'SMS', reference: 'd1' })))._unsafeUnwrap();
      await open();
      const refused = await run(() => f.ledger.refund({ accountId: account, entryId: theirs.id, reason: 'x', reference: 'r1' }));
      expect(refused._unsafeUnwrapErr().type).to.equal('entry_not_found');
    });

    it('reverses a credit once, only while its money is available', async () => {
      await open();
      const top = (await credit('5', 'c1'))._unsafeUnwrap();
      const reverse = (entryId: string, reference: string) => run(() => f.ledger.reverse({ accountId: account, entryId, reason: 'Chargeback', reference }));
      await charge('1', 'd1');
      const short = (await reverse(top.id, 'v1'))._unsafeUnwrapErr();
      expect(short.type).to.equal('insufficient_balance');
      await credit('1', 'c2');
      const reversal = (await reverse(top.id, 'v1'))._unsafeUnwrap();
      expect(reversal).to.deep.include({ kind: 'reversal', reverses: top.id, related: top.related });
      expect([reversal.amount.toString(), reversal.balanceAfter.toString()]).to.deep.equal(['-5.000000 KES', '0.000000 KES']);
      expect((await reverse(top.id, 'v1'))._unsafeUnwrap()).to.deep.equal(reversal);
      expect((await reverse(top.id, 'v2'))._unsafeUnwrapErr()).to.include({ type: 'already_reversed', entryId: top.id, reversalId: reversal.id });
      const debit = (await allEntries(f, account)).find((e) => e.kind === 'debit')!;
      expect((await reverse(debit.id, 'v3'))._unsafeUnwrapErr().type).to.equal('entry_not_found');
      await expectBalanceIsLedgerSum(f, account);
    });

    it('serializes parallel charges: exactly what fits is charged', async () => {
      await open();
      await credit('20', 'c1');
      const outcomes = await Promise.all(Array.from({ length: 30 }, (_, i) => charge('1', `p${i}`)));
      expect(outcomes.filter((o) => o.isOk())).to.have.length(20);
      expect(outcomes.filter((o) => o.isErr()).map((o) => o._unsafeUnwrapErr().type)).to.deep.equal(Array(10).fill('insufficient_balance'));
      expect((await balance()).balance.toString()).to.equal('0.000000 KES');
      await expectBalanceIsLedgerSum(f, account);
    });

    describe('chargeMany', () => {
      const item = (amount: string, reference: string, accountId = account) => ({ accountId, amount: kes(amount), reason: 'SMS', reference, related: { type: 'message' as const, id: `msg_${reference}` } });
      const chargeMany = (items: ReturnType<typeof item>[]) => run(() => f.ledger.chargeMany(items)).then((r) => r._unsafeUnwrap());

      it('charges in order; one that no longer fits is refused (decided after the others, with what was left then), a later smaller one still goes', async () => {
        await open();
        await credit('10', 'c1');
        const outcomes = await chargeMany([item('4', 'm1'), item('5', 'm2'), item('3', 'm3'), item('1', 'm4')]);
        expect(outcomes.map((o) => (o.isOk() ? o.value.balanceAfter.toString() : o.error.type))).to.deep.equal(['6.000000 KES', '1.000000 KES', 'insufficient_balance', '0.000000 KES']);
        const refused = outcomes[2]!._unsafeUnwrapErr();
        if (refused.type !== 'insufficient_balance') throw new Error(refused.type);
        expect([refused.required.toString(), refused.available.toString()]).to.deep.equal(['3.000000 KES', '0.000000 KES']);
        expect((await balance()).balance.toString()).to.equal('0.000000 KES');
        expect((await allEntries(f, account)).map((e) => e.reference)).to.deep.equal(['m4', 'm2', 'm1', 'c1']);
        await expectBalanceIsLedgerSum(f, account);
      });

      it('replays a reference already charged, charges several wallets at once, and finds nothing available without a wallet', async () => {
        const other = await f.newAccount();
        const none = await f.newAccount();
        await open();
        await open(other);
        await credit('10', 'c1');
        await credit('10', 'c1', other);
        const first = (await charge('2', 'm1'))._unsafeUnwrap();
        const outcomes = await chargeMany([item('2', 'm1'), item('3', 'm2', other), item('1', 'm3'), item('1', 'm4', none)]);
        expect(outcomes[0]!._unsafeUnwrap()).to.deep.equal(first);
        expect(outcomes[1]!._unsafeUnwrap().balanceAfter.toString()).to.equal('7.000000 KES');
        expect(outcomes[2]!._unsafeUnwrap().balanceAfter.toString()).to.equal('7.000000 KES');
        expect(outcomes[3]!._unsafeUnwrapErr().type).to.equal('insufficient_balance');
        expect((await allEntries(f, account)).length).to.equal(3);
        await expectBalanceIsLedgerSum(f, account);
        await expectBalanceIsLedgerSum(f, other);
      });

      it('refuses a bad item alone: the others are charged', async () => {
        await open();
        await credit('10', 'c1');
        const outcomes = await chargeMany([item('1', 'm1'), item('0', 'm2'), { ...item('1', 'm3'), reason: ' ' }, item('1', 'm4')]);
        expect(outcomes.map((o) => (o.isOk() ? 'ok' : o.error.type))).to.deep.equal(['ok', 'invalid_amount', 'validation_error', 'ok']);
        expect((await balance()).balance.toString()).to.equal('8.000000 KES');
      });
    });

    describeReservationContract(() => ({ f, account }));
  });
}
