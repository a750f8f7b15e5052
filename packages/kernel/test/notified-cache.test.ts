import { expect } from 'chai';
import { NotifiedCache } from '../src/index.ts';

/** A load the test ends when it wants, counting how often it was started. */
function deferredLoads<V>() {
  const pending: ((value: V) => void)[] = [];
  const failing: ((error: Error) => void)[] = [];
  const load = () =>
    new Promise<V>((resolve, reject) => {
      pending.push(resolve);
      failing.push(reject);
    });
  return { load, pending, failing };
}

function hearing<V>(options: Partial<ConstructorParameters<typeof NotifiedCache<V>>[0]> = {}) {
  let now = 0;
  const cache = new NotifiedCache<V>({ ttlMs: 1_000, now: () => now, ...options });
  cache.resumed();
  return { cache, advance: (ms: number) => (now += ms) };
}

describe('NotifiedCache (the invalidation protocol of every cache)', () => {
  it('answers a kept key without loading it again, until the TTL (a safety net) goes by', async () => {
    const { cache, advance } = hearing<string>();
    let loads = 0;
    const load = async () => `v${++loads}`;
    expect([await cache.get('k', load), await cache.get('k', load)]).to.deep.equal(['v1', 'v1']);
    advance(999);
    expect(await cache.get('k', load)).to.equal('v1');
    advance(1);
    expect(await cache.get('k', load)).to.equal('v2');
  });

  it('shares one load between concurrent misses of a key, and keeps no failed load', async () => {
    const { cache } = hearing<string>();
    const { load, pending, failing } = deferredLoads<string>();
    const [a, b] = [cache.get('k', load), cache.get('k', load)];
    expect(pending).to.have.length(1);
    failing[0]!(new Error('database down'));
    for (const read of [a, b]) expect(await read.catch((error: Error) => error.message)).to.equal('database down');
    const c = cache.get('k', load);
    expect(pending, 'loaded again').to.have.length(2);
    pending[1]!('v');
    expect(await c).to.equal('v');
  });

  it('keeps nothing read before a clear or a forget that came while the read was under way', async () => {
    for (const change of [(cache: NotifiedCache<string>) => cache.clear(), (cache: NotifiedCache<string>) => cache.forget(() => false)]) {
      const { cache } = hearing<string>();
      const { load, pending } = deferredLoads<string>();
      const read = cache.get('k', load);
      change(cache);
      pending[0]!('stale');
      expect(await read, 'the read itself answers').to.equal('stale');
      const again = cache.get('k', load);
      expect(pending, 'loaded again').to.have.length(2);
      pending[1]!('fresh');
      expect(await again).to.equal('fresh');
    }
  });

  it('forgets the kept values a change picks, and keeps the others', async () => {
    const { cache } = hearing<{ owner: string }>();
    await cache.get('a', async () => ({ owner: 'x' }));
    await cache.get('b', async () => ({ owner: 'y' }));
    cache.forget((value) => value.owner === 'x');
    expect(await cache.get('a', async () => ({ owner: 'reloaded' }))).to.deep.equal({ owner: 'reloaded' });
    expect(await cache.get('b', async () => ({ owner: 'reloaded' }))).to.deep.equal({ owner: 'y' });
  });

  it('keeps nothing before it first hears changes, nor between interrupted and resumed, and both start empty', async () => {
    const cache = new NotifiedCache<string>({ ttlMs: 1_000 });
    await cache.get('k', async () => 'v');
    expect(cache.size, 'not hearing yet').to.equal(0);
    cache.resumed();
    await cache.get('k', async () => 'v');
    expect(cache.size).to.equal(1);
    cache.interrupted();
    expect(cache.size).to.equal(0);
    expect(await cache.get('k', async () => 'bypassed')).to.equal('bypassed');
    expect(await cache.getMany(['k'], async () => new Map([['k', 'bypassed too']]))).to.deep.equal(['bypassed too']);
    expect(cache.size, 'interrupted').to.equal(0);
    cache.resumed();
    expect(cache.size).to.equal(0);
  });

  it('holds at most maxEntries, dropping the oldest, and keeps only the values `keeps` accepts', async () => {
    const { cache } = hearing<string | undefined>({ maxEntries: 2, keeps: (value) => value !== undefined });
    for (const key of ['a', 'b', 'c']) await cache.get(key, async () => key.toUpperCase());
    await cache.get('unknown', async () => undefined);
    const kept = (key: string) => cache.get(key, async () => 'loaded');
    expect([await kept('b'), await kept('c'), await kept('a')]).to.deep.equal(['B', 'C', 'loaded']);
  });

  it('loads the keys it does not keep in one call of several, a key not answered holding undefined', async () => {
    const { cache } = hearing<string | undefined>();
    await cache.get('a', async () => 'A');
    const asked: (readonly string[])[] = [];
    const loadMissing = async (missing: readonly string[]) => (asked.push(missing), new Map(missing.filter((key) => key !== 'z').map((key) => [key, key.toUpperCase()])));
    expect(await cache.getMany(['a', 'b', 'z', 'b'], loadMissing)).to.deep.equal(['A', 'B', undefined, 'B']);
    expect(await cache.getMany(['b', 'z'], loadMissing)).to.deep.equal(['B', undefined]);
    expect(asked).to.deep.equal([['b', 'z']]);
  });
});
