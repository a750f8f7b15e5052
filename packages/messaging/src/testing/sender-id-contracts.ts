/** The contract suite every SenderIdRepository implementation must pass. */
import { expect } from 'chai';
import { Money } from '@tuma/kernel';
import type { SenderIdRepository } from '../application/sender-ids/sender-id.repository.port.ts';
import { SenderIdRequest, type NewSenderIdRequest } from '../domain/sender-ids/sender-id-request.aggregate.ts';

export interface SenderIdRepositoryFixture {
  /** An empty repository. */
  readonly senderIds: SenderIdRepository;
  /** Two existing accounts. */
  readonly accountIds: readonly [string, string];
  /** Runs a step the way the application does (in a fresh context). */
  readonly step: <T>(work: () => Promise<T>) => Promise<T>;
  /** Runs a step in one unit of work (what `findById` with `forUpdate` needs). */
  readonly transaction: <T>(work: () => Promise<T>) => Promise<T>;
}

const at = new Date('2026-06-01T09:00:00.000Z');
const later = new Date('2026-06-02T10:30:00.000Z');

const draft = (accountId: string, name: string, countries: string[], useCase: string | null = null): NewSenderIdRequest =>
  SenderIdRequest.draft({ accountId, name, countries, useCase }, at);

export function describeSenderIdRepositoryContract(name: string, make: () => Promise<SenderIdRepositoryFixture>): void {
  describe(`SenderIdRepository contract: ${name}`, () => {
    let f: SenderIdRepositoryFixture;
    let a: string;
    let b: string;
    const add = async (request: NewSenderIdRequest) => (await f.step(() => f.senderIds.add(request)))._unsafeUnwrap();
    const find = (id: number) => f.step(() => f.senderIds.findById(id));
    const decide = async (id: number, change: (request: SenderIdRequest) => void) => {
      const request = (await find(id))!;
      change(request);
      await f.step(() => f.senderIds.save(request));
      return request;
    };
    const approve = (id: number) => decide(id, (r) => r.approve({ feeUsd: Money.parse('0', 'USD')._unsafeUnwrap(), charge: null }, later)._unsafeUnwrap());
    const reject = (id: number) => decide(id, (r) => r.reject('Brand not verified', later)._unsafeUnwrap());

    beforeEach(async () => {
      f = await make();
      [a, b] = f.accountIds;
    });

    it('stores a pending request under increasing whole-number ids and reads it back field for field', async () => {
      const first = await add(draft(a, 'ACME', ['GH', 'KE', 'TZ'], 'OTP and receipts'));
      const second = await add(draft(a, 'Shop-1', ['NG']));
      expect(first.id).to.be.a('number');
      expect(Number.isInteger(first.id) && first.id > 0).to.equal(true);
      expect(second.id).to.be.greaterThan(first.id);
      expect(first.toSnapshot()).to.deep.equal({ ...draft(a, 'ACME', ['GH', 'KE', 'TZ'], 'OTP and receipts'), id: first.id });
      expect((await find(first.id))?.toSnapshot()).to.deep.equal(first.toSnapshot());
      expect((await find(second.id))?.toSnapshot()).to.deep.equal(second.toSnapshot());
    });

    it('refuses a name the account already holds in an overlapping country, naming those countries, and stores nothing', async () => {
      await add(draft(a, 'ACME', ['GH', 'KE']));
      const overlapping = await f.step(() => f.senderIds.add(draft(a, 'ACME', ['UG', 'KE', 'GH'])));
      expect(overlapping._unsafeUnwrapErr()).to.deep.include({ type: 'conflict', resource: 'sender_id', countries: ['KE', 'GH'] });
      expect(await f.step(() => f.senderIds.listByAccount(a))).to.have.length(1);
      expect(await f.step(() => f.senderIds.approvedCountriesOf(a, 'ACME'))).to.deep.equal(new Set());
      // UG was not taken by the refused request.
      expect((await add(draft(a, 'ACME', ['UG']))).countries).to.deep.equal(['UG']);
    });

    it('lets the same name be held in other countries, by another account, and in another case', async () => {
      await add(draft(a, 'ACME', ['GH']));
      expect((await add(draft(a, 'ACME', ['TZ']))).status).to.equal('pending');
      expect((await add(draft(b, 'ACME', ['GH']))).accountId).to.equal(b);
      expect((await add(draft(a, 'Acme', ['GH']))).name).to.equal('Acme');
      expect(await f.step(() => f.senderIds.listByAccount(a))).to.have.length(3);
    });

    it('releases the name on rejection and keeps it on approval', async () => {
      const rejected = await add(draft(a, 'ACME', ['GH']));
      const approved = await add(draft(a, 'BETA', ['GH']));
      await reject(rejected.id);
      await approve(approved.id);
      expect((await add(draft(a, 'ACME', ['GH']))).status).to.equal('pending');
      const again = await f.step(() => f.senderIds.add(draft(a, 'BETA', ['GH', 'TZ'])));
      expect(again._unsafeUnwrapErr()).to.deep.include({ countries: ['GH'] });
    });

    it('persists decisions field for field: an approval with its fee, a rejection with its reason', async () => {
      const paid = await add(draft(a, 'ACME', ['GH', 'TZ', 'KE']));
      const charge = { amount: Money.parse('38850.123457', 'KES')._unsafeUnwrap(), fxRate: '129.500411523', entryId: 'txn_01TEST', chargedAt: later };
      const approved = await decide(paid.id, (r) => r.approve({ feeUsd: Money.parse('300', 'USD')._unsafeUnwrap(), charge }, later)._unsafeUnwrap());
      const stored = (await find(paid.id))!.toSnapshot();
      expect(stored).to.deep.equal(approved.toSnapshot());
      expect(stored).to.deep.include({ status: 'approved', decidedAt: later, feeCharge: charge });
      expect(stored.feeUsd.toString()).to.equal('300.000000 USD');

      const refused = await add(draft(b, 'Beta', ['NG']));
      const rejected = await reject(refused.id);
      expect((await find(refused.id))!.toSnapshot()).to.deep.equal(rejected.toSnapshot());
      expect(rejected.toSnapshot()).to.deep.include({ status: 'rejected', rejectionReason: 'Brand not verified', feeCharge: null });
    });

    it('answers approvedSenderIdFor and approvedCountriesOf from approved requests only', async () => {
      const approved = await add(draft(a, 'ACME', ['GH', 'KE']));
      await add(draft(a, 'ACME', ['TZ']));
      const rejected = await add(draft(a, 'ACME', ['NG']));
      await add(draft(b, 'ACME', ['UG']));
      const check = (account: string, name: string, country: string) => f.step(() => f.senderIds.approvedSenderIdFor(account, name, country));
      expect(await check(a, 'ACME', 'GH')).to.equal(false);
      await approve(approved.id);
      await reject(rejected.id);
      const b2 = await add(draft(b, 'ACME', ['KE']));
      await approve(b2.id);

      expect(await check(a, 'ACME', 'GH')).to.equal(true);
      expect(await check(a, 'ACME', 'ke')).to.equal(true);
      expect(await check(a, 'ACME', 'TZ'), 'pending').to.equal(false);
      expect(await check(a, 'ACME', 'NG'), 'rejected').to.equal(false);
      expect(await check(a, 'Acme', 'GH'), 'names are exact').to.equal(false);
      expect(await check(b, 'ACME', 'GH'), 'another account').to.equal(false);
      expect(await check(a, 'ACME', 'ZZ')).to.equal(false);
      expect(await f.step(() => f.senderIds.approvedCountriesOf(a, 'ACME'))).to.deep.equal(new Set(['GH', 'KE']));
      expect(await f.step(() => f.senderIds.approvedCountriesOf(b, 'ACME'))).to.deep.equal(new Set(['KE']));
      expect(await f.step(() => f.senderIds.approvedCountriesOf(a, 'OTHER'))).to.deep.equal(new Set());
    });

    it("lists an account's requests newest first, and every account's by status and page", async () => {
      const ids: number[] = [];
      for (const [account, senderName] of [[a, 'ONE'], [b, 'TWO'], [a, 'THREE'], [b, 'FOUR'], [a, 'FIVE']] as const) {
        ids.push((await add(draft(account, senderName, ['GH']))).id);
      }
      await approve(ids[2]!);
      expect((await f.step(() => f.senderIds.listByAccount(a))).map((r) => r.name)).to.deep.equal(['FIVE', 'THREE', 'ONE']);
      expect((await f.step(() => f.senderIds.listByAccount(b))).map((r) => r.name)).to.deep.equal(['FOUR', 'TWO']);

      const all = await f.step(() => f.senderIds.list({ page: 0, limit: 10 }));
      expect(all.total).to.equal(5);
      expect(all.requests.map((r) => r.name)).to.deep.equal(['FIVE', 'FOUR', 'THREE', 'TWO', 'ONE']);
      const pending = await f.step(() => f.senderIds.list({ status: 'pending', page: 1, limit: 2 }));
      expect(pending.total).to.equal(4);
      expect(pending.requests.map((r) => r.name)).to.deep.equal(['TWO', 'ONE']);
      const approved = await f.step(() => f.senderIds.list({ status: 'approved', page: 0, limit: 10 }));
      expect(approved.requests.map((r) => r.name)).to.deep.equal(['THREE']);
      const ofB = await f.step(() => f.senderIds.list({ accountId: b, status: 'pending', page: 0, limit: 10 }));
      expect([ofB.total, ofB.requests.map((r) => r.name)]).to.deep.equal([2, ['FOUR', 'TWO']]);
      expect((await f.step(() => f.senderIds.list({ page: 3, limit: 2 }))).requests).to.deep.equal([]);
    });

    it('finds nothing for an unknown id, and finds a request for update inside a unit of work', async () => {
      expect(await find(987654)).to.equal(undefined);
      const added = await add(draft(a, 'ACME', ['GH']));
      const locked = await f.transaction(() => f.senderIds.findById(added.id, { forUpdate: true }));
      expect(locked?.toSnapshot()).to.deep.equal(added.toSnapshot());
    });

    it('lets exactly one of several concurrent overlapping requests in', async () => {
      const outcomes = await Promise.all(Array.from({ length: 6 }, (_, i) => f.step(() => f.senderIds.add(draft(a, 'RACE', i % 2 ? ['GH', 'KE'] : ['KE', 'GH'])))));
      expect(outcomes.filter((outcome) => outcome.isOk())).to.have.length(1);
      expect(outcomes.filter((outcome) => outcome.isErr()).map((outcome) => outcome._unsafeUnwrapErr().type)).to.deep.equal(Array(5).fill('conflict'));
      expect(await f.step(() => f.senderIds.listByAccount(a))).to.have.length(1);
    });
  });
}
