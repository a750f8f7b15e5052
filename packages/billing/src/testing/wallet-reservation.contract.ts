/** The reservation part of the WalletLedger contract (holds, captures, releases). */
import { expect } from 'chai';
import type { Money } from '@tuma/kernel';
import { allEntries, expectBalanceIsLedgerSum, KES, kes, type WalletLedgerFixture } from './wallet-contract-support.ts';

const amounts = (view: { balance: Money; reserved: Money; available: Money }) => [view.balance, view.reserved, view.available].map(String);

export function describeReservationContract(current: () => { f: WalletLedgerFixture; account: string }): void {
  describe('reservations', () => {
    let f: WalletLedgerFixture;
    let account: string;
    const run = <T>(work: () => PromiseLike<T>) => f.step(work);
    const reserve = (amount: string, reference: string) =>
      run(() => f.ledger.reserve({ accountId: account, amount: kes(amount), reason: 'Bulk send', reference, related: { type: 'batch', id: 'bat_1' } }));
    const capture = (reservationId: string, amount: string, reference: string) =>
      run(() => f.ledger.captureReservation({ accountId: account, reservationId, amount: kes(amount), reason: 'SMS', reference, related: { type: 'message', id: reference } }));
    const release = (reservationId: string, amount?: string) =>
      run(() => f.ledger.releaseReservation({ accountId: account, reservationId, amount: amount === undefined ? undefined : kes(amount) }));
    const view = async () => (await run(() => f.ledger.balance(account)))._unsafeUnwrap()!;

    beforeEach(async () => {
      ({ f, account } = current());
      await run(() => f.ledger.openWallet({ accountId: account, currency: KES }));
      await run(() => f.ledger.credit({ accountId: account, amount: kes('10'), reason: 'Top-up', reference: 'c1' }));
    });

    it('holds money: available drops, the balance does not, and charges cannot use it', async () => {
      const held = (await reserve('6', 'h1'))._unsafeUnwrap();
      expect(held).to.deep.include({ accountId: account, status: 'open', reference: 'h1', reason: 'Bulk send', related: { type: 'batch', id: 'bat_1' } });
      expect(held.id).to.match(/^rsv_[0-9A-Z]{26}$/);
      expect([held.amount, held.captured, held.released].map(String)).to.deep.equal(['6.000000 KES', '0.000000 KES', '0.000000 KES']);
      expect(amounts(await view())).to.deep.equal(['10.000000 KES', '6.000000 KES', '4.000000 KES']);
      const refused = (await run(() => f.ledger.charge({ accountId: account, amount: kes('4.5'), reason: 'SMS', reference: 'd1' })))._unsafeUnwrapErr();
      expect(refused.type).to.equal('insufficient_balance');
      if (refused.type === 'insufficient_balance') expect(refused.available.toString()).to.equal('4.000000 KES');
      expect((await reserve('4.000001', 'h2'))._unsafeUnwrapErr().type).to.equal('insufficient_balance');
      expect(await allEntries(f, account)).to.have.length(1);
    });

    it('captures held money as debits up to what is left, then closes', async () => {
      const held = (await reserve('6', 'h1'))._unsafeUnwrap();
      const first = (await capture(held.id, '2.5', 'm1'))._unsafeUnwrap();
      expect(first).to.deep.include({ kind: 'debit', reservationId: held.id, reference: 'm1', related: { type: 'message', id: 'm1' } });
      expect([first.amount, first.balanceAfter].map(String)).to.deep.equal(['-2.500000 KES', '7.500000 KES']);
      expect(amounts(await view())).to.deep.equal(['7.500000 KES', '3.500000 KES', '4.000000 KES']);
      expect((await capture(held.id, '2.5', 'm1'))._unsafeUnwrap()).to.deep.equal(first);
      const over = (await capture(held.id, '3.500001', 'm2'))._unsafeUnwrapErr();
      expect(over).to.include({ type: 'reservation_exceeded', reservationId: held.id });
      if (over.type === 'reservation_exceeded') expect(over.remaining.toString()).to.equal('3.500000 KES');
      await capture(held.id, '3.5', 'm2');
      expect(amounts(await view())).to.deep.equal(['4.000000 KES', '0.000000 KES', '4.000000 KES']);
      expect((await capture(held.id, '0.000001', 'm3'))._unsafeUnwrapErr().type).to.equal('reservation_exceeded');
      const again = (await reserve('6', 'h1'))._unsafeUnwrap();
      expect([again.id, again.status, again.captured.toString()]).to.deep.equal([held.id, 'closed', '6.000000 KES']);
      await expectBalanceIsLedgerSum(f, account);
    });

    it('releases part or the rest; a second full release changes nothing', async () => {
      const held = (await reserve('6', 'h1'))._unsafeUnwrap();
      const part = (await release(held.id, '1'))._unsafeUnwrap();
      expect([part.status, part.released.toString()]).to.deep.equal(['open', '1.000000 KES']);
      expect((await release(held.id, '5.000001'))._unsafeUnwrapErr().type).to.equal('reservation_exceeded');
      await capture(held.id, '2', 'm1');
      const rest = (await release(held.id))._unsafeUnwrap();
      expect([rest.status, rest.captured, rest.released].map(String)).to.deep.equal(['closed', '2.000000 KES', '4.000000 KES']);
      expect(amounts(await view())).to.deep.equal(['8.000000 KES', '0.000000 KES', '8.000000 KES']);
      f.clock.advance(1000);
      expect((await release(held.id))._unsafeUnwrap()).to.deep.equal(rest);
      expect((await view()).updatedAt).to.not.deep.equal(f.clock.now());
      await expectBalanceIsLedgerSum(f, account);
    });

    it('refunds a captured debit like any debit', async () => {
      const held = (await reserve('3', 'h1'))._unsafeUnwrap();
      const debit = (await capture(held.id, '3', 'm1'))._unsafeUnwrap();
      const refund = await run(() => f.ledger.refund({ accountId: account, entryId: debit.id, reason: 'Failed', reference: 'r1' }));
      expect(refund._unsafeUnwrap().amount.toString()).to.equal('3.000000 KES');
      expect(amounts(await view())).to.deep.equal(['10.000000 KES', '0.000000 KES', '10.000000 KES']);
    });

    it('applies a reserve reference once and refuses unknown reservations and reused references', async () => {
      const held = (await reserve('2', 'h1'))._unsafeUnwrap();
      expect((await reserve('2', 'h1'))._unsafeUnwrap()).to.deep.equal(held);
      expect((await reserve('3', 'h1'))._unsafeUnwrapErr()).to.include({ type: 'reference_conflict', existingId: held.id });
      // Entries and reservations keep their references apart: a capture may carry its reservation's.
      expect((await capture(held.id, '0.5', 'h1'))._unsafeUnwrap().reference).to.equal('h1');
      expect((await capture('rsv_unknown', '1', 'm1'))._unsafeUnwrapErr()).to.include({ type: 'reservation_not_found', reservationId: 'rsv_unknown' });
      expect((await release('rsv_unknown'))._unsafeUnwrapErr().type).to.equal('reservation_not_found');
      expect((await release(held.id, '0'))._unsafeUnwrapErr().type).to.equal('invalid_amount');
      expect(amounts(await view())).to.deep.equal(['9.500000 KES', '1.500000 KES', '8.000000 KES']);
    });
  });
}
