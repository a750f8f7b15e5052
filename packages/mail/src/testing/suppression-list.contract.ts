/** The contract suite of the suppression list's store. */
import { expect } from 'chai';
import { newId } from '@tuma/kernel';
import type { SuppressionList } from '../application/suppressions/suppression-list.port.ts';
import type { Suppression, SuppressionReason } from '../domain/suppressions/suppression.ts';

export interface SuppressionListFixture {
  /** An empty list. */
  readonly list: SuppressionList;
  /** Two accounts that exist. */
  readonly accountIds: readonly [string, string];
  readonly step: <T>(work: () => Promise<T>) => Promise<T>;
}

const AT = Date.UTC(2026, 10, 25, 8, 0, 0, 123);

const suppression = (accountId: string, email: string, n: number, reason: SuppressionReason = 'hard_bounce'): Suppression => {
  const at = new Date(AT + n * 1000);
  return { id: newId('sup', at), accountId, email, reason, emailId: newId('em', at), detail: reason === 'hard_bounce' ? '550 5.1.1 No such user' : null, createdAt: at };
};

export function describeSuppressionListContract(name: string, make: () => Promise<SuppressionListFixture>): void {
  describe(`SuppressionList contract: ${name}`, () => {
    let f: SuppressionListFixture;
    let a: string;
    let b: string;
    const step = <T>(work: (list: SuppressionList) => Promise<T>) => f.step(() => work(f.list));

    beforeEach(async () => {
      f = await make();
      [a, b] = f.accountIds;
    });

    it("keeps an address once per account, field for field, the first reason staying; another account's list is its own", async () => {
      const bounced = suppression(a, 'amina@example.org', 1);
      expect(await step((l) => l.add(bounced))).to.equal(true);
      expect(await step((l) => l.add(suppression(a, 'amina@example.org', 2, 'complaint'))), 'again').to.equal(false);
      expect(await step((l) => l.list({ accountId: a, limit: 10 }))).to.deep.equal([bounced]);
      expect(await step((l) => l.list({ accountId: b, limit: 10 }))).to.deep.equal([]);
      expect(await step((l) => l.add(suppression(b, 'amina@example.org', 3, 'complaint'))), 'another account').to.equal(true);
    });

    it('tells which of a set of addresses the account suppressed', async () => {
      await step((l) => l.add(suppression(a, 'one@example.org', 1)));
      await step((l) => l.add(suppression(a, 'two@example.org', 2, 'complaint')));
      await step((l) => l.add(suppression(b, 'three@example.org', 3)));
      const found = await step((l) => l.suppressed(a, ['one@example.org', 'two@example.org', 'three@example.org', 'four@example.org']));
      expect([...found].sort()).to.deep.equal(['one@example.org', 'two@example.org']);
      expect([...(await step((l) => l.suppressed(a, [])))]).to.deep.equal([]);
    });

    it('lists newest first, after a cursor or from an offset, up to the limit', async () => {
      const rows = [1, 2, 3, 4].map((n) => suppression(a, `r${n}@example.org`, n));
      for (const row of rows) await step((l) => l.add(row));
      expect(await step((l) => l.list({ accountId: a, limit: 2 }))).to.deep.equal([rows[3], rows[2]]);
      expect(await step((l) => l.list({ accountId: a, after: rows[2]!.id, limit: 2 }))).to.deep.equal([rows[1], rows[0]]);
      expect(await step((l) => l.list({ accountId: a, offset: 3, limit: 2 }))).to.deep.equal([rows[0]]);
    });

    it("removes an address from the account's list only", async () => {
      await step((l) => l.add(suppression(a, 'amina@example.org', 1)));
      expect(await step((l) => l.remove(b, 'amina@example.org')), 'another account').to.equal(false);
      expect(await step((l) => l.remove(a, 'amina@example.org'))).to.equal(true);
      expect(await step((l) => l.remove(a, 'amina@example.org')), 'twice').to.equal(false);
      expect([...(await step((l) => l.suppressed(a, ['amina@example.org'])))]).to.deep.equal([]);
      expect(await step((l) => l.add(suppression(a, 'amina@example.org', 2))), 'suppressed again later').to.equal(true);
    });
  });
}
