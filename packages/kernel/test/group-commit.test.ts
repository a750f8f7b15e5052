import { expect } from 'chai';
import { GroupCommit } from '../src/index.ts';

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('GroupCommit', () => {
  it('handles a lone call at the end of its event-loop turn, and gathers the calls that arrive during a batch into the next one', async () => {
    const batches: number[][] = [];
    let release: () => void = () => undefined;
    const commit = new GroupCommit<number, number>(
      async (items) => {
        batches.push([...items]);
        if (batches.length === 1) await new Promise<void>((resolve) => (release = resolve));
        return items.map((item) => item * 10);
      },
      { maxBatch: 3 },
    );
    const first = commit.submit(1);
    await tick();
    expect(batches).to.deep.equal([[1]]);
    const later = [2, 3, 4, 5].map((item) => commit.submit(item));
    await tick();
    expect(batches, 'nothing more while the first batch runs').to.deep.equal([[1]]);
    release();
    expect(await Promise.all([first, ...later])).to.deep.equal([10, 20, 30, 40, 50]);
    expect(batches).to.deep.equal([[1], [2, 3, 4], [5]]);
  });

  it('rejects every call of a batch whose handler throws, and goes on with the next batch', async () => {
    const commit = new GroupCommit<number, number>(
      async (items) => {
        if (items.includes(2)) throw new Error('database gone');
        return items;
      },
      { maxBatch: 10 },
    );
    const first = commit.submit(1);
    await tick();
    const results = await Promise.allSettled([first, commit.submit(2), commit.submit(3)]);
    expect(results.map((r) => r.status), 'the first batch, then the second that failed whole').to.deep.equal(['fulfilled', 'rejected', 'rejected']);
    expect(await commit.submit(4)).to.equal(4);
  });

  it('gathers the calls of one event-loop turn into one batch (requests read together, answers that came back together)', async () => {
    const batches: number[][] = [];
    const commit = new GroupCommit<number, number>(async (items) => (batches.push([...items]), items), { maxBatch: 3 });
    const turn = [1, 2, 3, 4].map((item) => commit.submit(item));
    await Promise.resolve();
    expect(batches, 'nothing before the turn ends').to.deep.equal([]);
    expect(await Promise.all(turn)).to.deep.equal([1, 2, 3, 4]);
    expect(batches, 'at most maxBatch a batch').to.deep.equal([[1, 2, 3], [4]]);
  });

  it('runs each batch inside `around`', async () => {
    const seen: string[] = [];
    const commit = new GroupCommit<string, string>(async (items) => items.map((item) => `${item}!`), {
      maxBatch: 5,
      around: async (work) => {
        seen.push('in');
        const out = await work();
        seen.push('out');
        return out;
      },
    });
    expect(await commit.submit('a')).to.equal('a!');
    expect(seen).to.deep.equal(['in', 'out']);
  });
});
