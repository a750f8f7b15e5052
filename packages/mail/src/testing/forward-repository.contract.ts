/** The contract suite of the forwards' store: forwards and their log. */
import { expect } from 'chai';
import { newId } from '@tuma/kernel';
import type { ForwardRepository } from '../application/forwards/forward.repository.port.ts';
import type { ForwardAttempt } from '../domain/forwards/forward-attempt.ts';
import type { Forward } from '../domain/forwards/forward.ts';

export interface ForwardRepositoryFixture {
  /** An empty store. */
  readonly repository: ForwardRepository;
  /** Two accounts that exist, each with a domain: `[accountId, domainId, domainName]`. */
  readonly domains: readonly [readonly [string, string, string], readonly [string, string, string]];
  readonly step: <T>(work: () => Promise<T>) => Promise<T>;
}

const at = (second: number) => new Date(Date.UTC(2026, 10, 25, 9, 0, second, 456));

export function describeForwardRepositoryContract(name: string, make: () => Promise<ForwardRepositoryFixture>): void {
  describe(`ForwardRepository contract: ${name}`, () => {
    let f: ForwardRepositoryFixture;
    const step = <T>(work: (repository: ForwardRepository) => Promise<T>) => f.step(() => work(f.repository));
    const forward = (which: 0 | 1, alias: string, second: number): Forward => {
      const [accountId, domainId, domainName] = f.domains[which];
      return { id: newId('fwd', at(second)), accountId, domainId, domainName, alias, to: `Amina.${second}@example.org`, createdAt: at(second) };
    };
    const attempt = (of: Forward, second: number): ForwardAttempt => ({
      id: newId('fwl', at(second)),
      accountId: of.accountId,
      forwardId: of.id,
      domainId: of.domainId,
      recipient: `${of.alias === '*' ? 'anyone' : of.alias}@${of.domainName}`,
      to: of.to,
      envelopeFrom: 'baraka@example.net',
      returnPath: `SRS0=abcdefgh=aa=example.net=baraka@bounces.${of.domainName}`,
      originalFrom: 'Baraka <baraka@example.net>',
      messageId: `<m${second}@example.net>`,
      subject: `Habari ${second}`,
      outcome: 'pending',
      error: null,
      receivedAt: at(second),
      settledAt: null,
      raw: new Uint8Array([0x53, 0x75, 0x62, 0x6a, 0xe9, 0x0d, 0x0a]),
    });

    beforeEach(async () => {
      f = await make();
    });

    it('stores forwards field for field, lists an account’s newest first, and keeps one per alias of a domain', async () => {
      const [older, newer, other] = [forward(0, 'sales', 1), forward(0, '*', 2), forward(1, 'sales', 3)];
      for (const each of [older, newer, other]) expect(await step((r) => r.add(each))).to.equal(true);
      expect(await step((r) => r.add(forward(0, 'sales', 4))), 'the alias again').to.equal(false);
      expect(await step((r) => r.find(older.accountId, older.id))).to.deep.equal(older);
      expect(await step((r) => r.find(other.accountId, older.id)), "another account's").to.equal(undefined);
      expect((await step((r) => r.list(older.accountId))).map((each) => each.id)).to.deep.equal([newer.id, older.id]);
    });

    it('matches an alias before the catch-all, and the catch-all for any other', async () => {
      const [sales, catchAll] = [forward(0, 'sales', 1), forward(0, '*', 2)];
      for (const each of [sales, catchAll]) await step((r) => r.add(each));
      expect((await step((r) => r.matching(sales.domainId, 'sales')))?.id).to.equal(sales.id);
      expect((await step((r) => r.matching(sales.domainId, 'jobs')))?.id).to.equal(catchAll.id);
      expect(await step((r) => r.matching(f.domains[1][1], 'sales')), 'another domain').to.equal(undefined);
    });

    it('keeps attempts with their message until settled, once; lists a forward’s log newest first, by cursor or offset', async () => {
      const sales = forward(0, 'sales', 1);
      await step((r) => r.add(sales));
      const [first, second, third] = [attempt(sales, 2), attempt(sales, 3), attempt(sales, 4)];
      for (const each of [first, second, third]) await step((r) => r.addAttempt(each));
      expect(await step((r) => r.findAttempt(first.id))).to.deep.equal(first);
      expect(await step((r) => r.settleAttempt(first.id, 'failed', '550 5.1.1 No such user', at(9)))).to.equal(true);
      expect(await step((r) => r.settleAttempt(first.id, 'delivered', null, at(10))), 'settled already').to.equal(false);
      expect(await step((r) => r.findAttempt(first.id))).to.deep.equal({ ...first, outcome: 'failed', error: '550 5.1.1 No such user', settledAt: at(9), raw: null });
      const { raw: _raw, ...thirdEntry } = third;
      const page = await step((r) => r.log({ accountId: sales.accountId, forwardId: sales.id, limit: 2 }));
      expect(page.map((entry) => entry.id)).to.deep.equal([third.id, second.id]);
      expect(page[0]).to.deep.equal(thirdEntry);
      expect((await step((r) => r.log({ accountId: sales.accountId, forwardId: sales.id, after: second.id, limit: 2 }))).map((entry) => entry.id)).to.deep.equal([first.id]);
      expect((await step((r) => r.log({ accountId: sales.accountId, forwardId: sales.id, offset: 2, limit: 2 }))).map((entry) => entry.id)).to.deep.equal([first.id]);
      expect(await step((r) => r.log({ accountId: f.domains[1][0], forwardId: sales.id, limit: 2 })), "another account's").to.deep.equal([]);
    });

    it('removes a forward of its own account only, its log with it', async () => {
      const sales = forward(0, 'sales', 1);
      await step((r) => r.add(sales));
      const entry = attempt(sales, 2);
      await step((r) => r.addAttempt(entry));
      expect(await step((r) => r.remove(f.domains[1][0], sales.id)), "another account's").to.equal(false);
      expect(await step((r) => r.remove(sales.accountId, sales.id))).to.equal(true);
      expect(await step((r) => r.find(sales.accountId, sales.id))).to.equal(undefined);
      expect(await step((r) => r.findAttempt(entry.id))).to.equal(undefined);
      expect(await step((r) => r.matching(sales.domainId, 'sales'))).to.equal(undefined);
    });
  });
}
