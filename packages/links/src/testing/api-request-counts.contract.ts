/** The contract suite of the API request counts (api_monthly). */
import { expect } from 'chai';
import type { ApiRequestCounts } from '../application/usage/api-request-counts.port.ts';

export interface ApiRequestCountsFixture {
  /** An empty store. */
  readonly counts: ApiRequestCounts;
  /** Two accounts that exist. */
  readonly accountIds: readonly [string, string];
  readonly step: <T>(work: () => Promise<T>) => Promise<T>;
}

export function describeApiRequestCountsContract(name: string, make: () => Promise<ApiRequestCountsFixture>): void {
  describe(`ApiRequestCounts contract: ${name}`, () => {
    let f: ApiRequestCountsFixture;
    const step = <T>(work: () => Promise<T>) => f.step(work);

    beforeEach(async () => {
      f = await make();
    });

    it('adds each account’s requests to its month, answering the totals, apart per month and account', async () => {
      const [a, b] = f.accountIds;
      expect(await step(() => f.counts.countOf('2026-11', a))).to.equal(0);
      expect([...(await step(() => f.counts.add('2026-11', new Map([[a, 3], [b, 1]]))))].sort()).to.deep.equal([[a, 3], [b, 1]].sort());
      expect([...(await step(() => f.counts.add('2026-11', new Map([[a, 2]]))))]).to.deep.equal([[a, 5]]);
      expect([...(await step(() => f.counts.add('2026-12', new Map([[a, 7]]))))]).to.deep.equal([[a, 7]]);
      expect(await step(() => f.counts.countOf('2026-11', a))).to.equal(5);
      expect(await step(() => f.counts.countOf('2026-11', b))).to.equal(1);
      expect(await step(() => f.counts.countOf('2026-12', b))).to.equal(0);
      expect(await step(() => f.counts.add('2026-11', new Map()))).to.have.property('size', 0);
    });
  });
}
