/** The contract suite of the operator's per-account rate limits. */
import { expect } from 'chai';
import type { RateLimitOverrideRepository } from '../application/rate-limit-override.repository.port.ts';
import { RateLimitPolicy } from '../domain/rate-limit-policy.value-object.ts';

export interface RateLimitOverrideRepositoryFixture {
  /** An empty store. */
  readonly overrides: RateLimitOverrideRepository;
  /** Two accounts that exist. */
  readonly accountIds: readonly [string, string];
  /** Runs a step the way the application does: in a fresh context. */
  readonly step: <T>(work: () => Promise<T>) => Promise<T>;
}

const policy = (perSecond: number, burst: number) => RateLimitPolicy.create({ perSecond, burst })._unsafeUnwrap();
const AT = new Date('2026-06-01T08:00:00.000Z');

export function describeRateLimitOverrideRepositoryContract(name: string, make: () => Promise<RateLimitOverrideRepositoryFixture>): void {
  describe(`RateLimitOverrideRepository contract: ${name}`, () => {
    let f: RateLimitOverrideRepositoryFixture;
    beforeEach(async () => (f = await make()));
    const listed = async () => [...(await f.step(() => f.overrides.all())).entries()].map(([id, p]) => [id, p.perSecond, p.burst]).sort();

    it('sets, replaces, lists and removes an account override', async () => {
      const [a] = f.accountIds;
      expect(await f.step(() => f.overrides.find(a))).to.equal(undefined);
      await f.step(() => f.overrides.save(a, policy(5, 9), AT));
      await f.step(() => f.overrides.save(a, policy(7, 8), AT));
      expect((await f.step(() => f.overrides.find(a)))?.equals(policy(7, 8))).to.equal(true);
      expect(await listed()).to.deep.equal([[a, 7, 8]]);
      await f.step(() => f.overrides.save(a, undefined, AT));
      expect(await f.step(() => f.overrides.find(a))).to.equal(undefined);
      expect(await listed()).to.deep.equal([]);
    });

    it("keeps each account's override apart, and removing one that is not there changes nothing", async () => {
      const [a, b] = f.accountIds;
      await f.step(() => f.overrides.save(b, undefined, AT));
      await f.step(() => f.overrides.save(a, policy(1, 1), AT));
      await f.step(() => f.overrides.save(b, policy(100, 200), AT));
      expect(await listed()).to.deep.equal([[a, 1, 1], [b, 100, 200]].sort());
      await f.step(() => f.overrides.save(a, undefined, AT));
      expect((await f.step(() => f.overrides.find(b)))?.equals(policy(100, 200))).to.equal(true);
      expect(await listed()).to.deep.equal([[b, 100, 200]]);
    });

    it('answers a copy from all: changing the store later does not change it', async () => {
      const [a] = f.accountIds;
      await f.step(() => f.overrides.save(a, policy(5, 9), AT));
      const before = await f.step(() => f.overrides.all());
      await f.step(() => f.overrides.save(a, undefined, AT));
      expect(before.get(a)?.equals(policy(5, 9))).to.equal(true);
    });
  });
}
