/** The contract suite of the fraud guards' velocity counters. */
import { expect } from 'chai';
import type { VelocityLimits } from '../application/verifications/velocity-limits.port.ts';

export interface VelocityLimitsFixture {
  /** Counters with nothing counted under keys starting with `prefix`. */
  readonly limits: VelocityLimits;
  readonly prefix: string;
  /** Runs a step the way the application does: in a fresh context. */
  readonly step: <T>(work: () => Promise<T>) => Promise<T>;
}

export function describeVelocityLimitsContract(name: string, make: () => Promise<VelocityLimitsFixture>): void {
  describe(`VelocityLimits contract: ${name}`, () => {
    let f: VelocityLimitsFixture;
    beforeEach(async () => (f = await make()));

    it('decides the starts of one batch as if taken one after another, and batches after it see their counts', async () => {
      const country = `${f.prefix}c`;
      const start = (number: string) => [{ key: `${f.prefix}n:${number}`, limit: 2 }, { key: country, limit: 4 }];
      const first = await f.step(() => f.limits.take([start('1'), start('1'), start('1'), start('2')], 3600));
      expect(first.map((d) => d.allowed)).to.deep.equal([true, true, false, true]);
      expect(first[2]).to.include({ key: `${f.prefix}n:1` });
      const second = await f.step(() => f.limits.take([start('3'), start('4')], 3600));
      expect(second[0], 'the fifth start on the country').to.include({ allowed: false, key: country });
      expect(second[1]).to.include({ allowed: false, key: country });
    });

    it('names the first counter over its limit and the seconds left in its window', async () => {
      const [number, country] = [`${f.prefix}n`, `${f.prefix}c`];
      const decisions = await f.step(() => f.limits.take(Array.from({ length: 4 }, () => [{ key: country, limit: 3 }, { key: number, limit: 2 }]), 60));
      expect(decisions.map((d) => (d.allowed ? 'allowed' : d.key))).to.deep.equal(['allowed', 'allowed', number, country]);
      for (const refused of decisions.filter((d) => !d.allowed)) expect((refused as { retryAfter: number }).retryAfter).to.be.within(1, 60);
    });

    it('allows every start of a batch with no counters, and counts nothing for them', async () => {
      expect(await f.step(() => f.limits.take([[], []], 60))).to.deep.equal([{ allowed: true }, { allowed: true }]);
      expect(await f.step(() => f.limits.take([[{ key: `${f.prefix}n`, limit: 1 }]], 60))).to.deep.equal([{ allowed: true }]);
    });
  });
}
