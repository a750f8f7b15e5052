/** The contract suite every OptOutList implementation must pass. */
import { expect } from 'chai';
import type { OptOutList } from '../application/opt-outs/opt-out-list.port.ts';
import { API_ORIGIN, type OptOutOrigin } from '../domain/opt-outs/opt-out.model.ts';

export interface OptOutListFixture {
  /** Empty lists. */
  readonly optOuts: OptOutList;
  /** Two accounts that exist (entries belong to one). */
  readonly accountIds: readonly [string, string];
  /** Runs a step the way the application does (in a fresh unit of work / context). */
  readonly step: <T>(work: () => Promise<T>) => Promise<T>;
}

const at = (minute: number): Date => new Date(Date.UTC(2026, 3, 1, 12, minute, 0, 123));
const STOP: OptOutOrigin = { source: 'sms', keyword: 'STOP' };
const KE = '+254712345678';
const NG = '+2348031234567';
const ZA = '+27821234567';

/** `count` distinct, well-formed Kenyan mobile numbers. */
const kenyanNumbers = (count: number): string[] => Array.from({ length: count }, (_, i) => `+2547${String(i).padStart(8, '0')}`);

export function describeOptOutListContract(name: string, make: () => Promise<OptOutListFixture>): void {
  describe(`OptOutList contract: ${name}`, () => {
    let f: OptOutListFixture;
    let a: string;
    let b: string;
    beforeEach(async () => {
      f = await make();
      [a, b] = f.accountIds;
    });

    const add = (account: string, phone: string, origin: OptOutOrigin = API_ORIGIN, when = at(0)) =>
      f.step(() => f.optOuts.add(account, phone, origin, when));
    const list = (account: string, limit = 1000) => f.step(() => f.optOuts.list(account, limit));

    it('adds a number and serves it back field for field', async () => {
      const addition = await add(a, KE);
      const expected = { accountId: a, phone: KE, source: 'api', keyword: null, createdAt: at(0) };
      expect(addition).to.deep.equal({ optOut: expected, added: true });
      expect(await list(a)).to.deep.equal([expected]);
      expect(await f.step(() => f.optOuts.isOptedOut(a, KE))).to.equal(true);
      expect(await f.step(() => f.optOuts.isOptedOut(a, NG))).to.equal(false);
    });

    it('keeps the keyword of an opt-out by SMS', async () => {
      await add(a, NG, STOP, at(1));
      expect(await list(a)).to.deep.equal([{ accountId: a, phone: NG, source: 'sms', keyword: 'STOP', createdAt: at(1) }]);
    });

    it('is idempotent: adding again keeps the first entry and says it was not added', async () => {
      await add(a, KE, STOP, at(1));
      const again = await add(a, KE, API_ORIGIN, at(5));
      expect(again.added).to.equal(false);
      expect(again.optOut).to.deep.equal({ accountId: a, phone: KE, source: 'sms', keyword: 'STOP', createdAt: at(1) });
      expect(await list(a)).to.deep.equal([again.optOut]);
    });

    it('removes a number (true once, then false) and takes it back as a new entry', async () => {
      await add(a, KE, STOP, at(1));
      expect(await f.step(() => f.optOuts.remove(a, KE))).to.equal(true);
      expect(await f.step(() => f.optOuts.remove(a, KE))).to.equal(false);
      expect(await f.step(() => f.optOuts.isOptedOut(a, KE))).to.equal(false);
      expect(await list(a)).to.deep.equal([]);
      const back = await add(a, KE, API_ORIGIN, at(9));
      expect(back).to.deep.equal({ optOut: { accountId: a, phone: KE, source: 'api', keyword: null, createdAt: at(9) }, added: true });
    });

    it('lists newest first, then by number, and at most `limit` entries', async () => {
      await add(a, KE, API_ORIGIN, at(1));
      await add(a, ZA, API_ORIGIN, at(3));
      await add(a, NG, STOP, at(3));
      await add(a, '+233201234567', API_ORIGIN, at(2));
      expect((await list(a)).map((entry) => entry.phone)).to.deep.equal([NG, ZA, '+233201234567', KE]);
      expect((await list(a, 2)).map((entry) => entry.phone)).to.deep.equal([NG, ZA]);
      expect(await list(a, 1)).to.have.length(1);
    });

    it('tells which of many numbers are opted out: each once, duplicates and strangers ignored', async () => {
      await add(a, KE);
      await add(a, NG);
      await add(b, ZA);
      const among = await f.step(() => f.optOuts.optedOutAmong(a, [ZA, KE, '+255712345678', KE, NG]));
      expect([...among].sort()).to.deep.equal([NG, KE].sort());
      expect(await f.step(() => f.optOuts.optedOutAmong(a, []))).to.have.property('size', 0);
      expect([...(await f.step(() => f.optOuts.optedOutAmong(b, [KE, NG, ZA])))]).to.deep.equal([ZA]);
    });

    it('answers for 70,000 numbers at once, more than PostgreSQL takes bind parameters', async () => {
      const numbers = kenyanNumbers(70_000);
      const listed = [numbers[0]!, numbers[34_567]!, numbers[69_999]!];
      for (const phone of listed) await add(a, phone);
      const among = await f.step(() => f.optOuts.optedOutAmong(a, numbers));
      expect([...among].sort()).to.deep.equal([...listed].sort());
    });

    it('keeps accounts apart: one number is on two lists independently', async () => {
      await add(a, KE, STOP, at(1));
      expect(await f.step(() => f.optOuts.isOptedOut(b, KE))).to.equal(false);
      expect(await list(b)).to.deep.equal([]);
      expect(await f.step(() => f.optOuts.remove(b, KE))).to.equal(false);
      expect(await f.step(() => f.optOuts.isOptedOut(a, KE))).to.equal(true);

      const theirs = await add(b, KE, API_ORIGIN, at(2));
      expect(theirs).to.deep.equal({ optOut: { accountId: b, phone: KE, source: 'api', keyword: null, createdAt: at(2) }, added: true });
      await f.step(() => f.optOuts.remove(a, KE));
      expect(await f.step(() => f.optOuts.isOptedOut(b, KE))).to.equal(true);
      expect(await list(a)).to.deep.equal([]);
    });

    it('adds a number once when many add it at the same time', async () => {
      const outcomes = await Promise.all(Array.from({ length: 8 }, (_, i) => add(a, KE, API_ORIGIN, at(i))));
      expect(outcomes.filter((outcome) => outcome.added)).to.have.length(1);
      const kept = outcomes.find((outcome) => outcome.added)!.optOut;
      for (const outcome of outcomes) expect(outcome.optOut).to.deep.equal(kept);
      expect(await list(a)).to.deep.equal([kept]);
    });
  });
}
