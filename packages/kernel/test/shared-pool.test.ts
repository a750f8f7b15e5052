import { expect } from 'chai';
import fc from 'fast-check';
import { PoolBusyError, SharedPool, type PoolTicket } from '../src/index.ts';

/** A piece of work that ends when told to. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { open, work: () => opened };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));
const POOL = { slots: 4, reserved: 2, perClient: { priority: 2, other: 1 }, waitingPerClient: 8, maxWaitMs: 10_000 };

describe('kernel: the shared pool', () => {
  it('runs at most its slots at once, starts other work only while fewer than the unreserved slots run, and no client past its cap, whatever arrives', async () => {
    const ticket = fc.record({ client: fc.constantFrom('a', 'b', 'c', 'd', 'e'), priority: fc.boolean() });
    await fc.assert(
      fc.asyncProperty(fc.array(fc.option(ticket, { nil: undefined }), { minLength: 1, maxLength: 40 }), fc.array(fc.nat(), { maxLength: 40 }), async (tickets, finishOrder) => {
        const pool = new SharedPool({ ...POOL, waitingPerClient: 100 });
        const running = new Set<PoolTicket | undefined>();
        const gates: (() => void)[] = [];
        const check = (started: PoolTicket | undefined) => {
          if (!started?.priority) expect(running.size - 1, 'running when other work started').to.be.below(POOL.slots - POOL.reserved);
          const all = [...running];
          expect(all.length).to.be.at.most(POOL.slots);
          expect(all.filter((t) => !t?.priority).length).to.be.at.most(POOL.slots - POOL.reserved);
          for (const client of ['a', 'b', 'c', 'd', 'e']) {
            expect(all.filter((t) => t?.client === client && t.priority).length).to.be.at.most(POOL.perClient.priority);
            expect(all.filter((t) => t?.client === client && !t.priority).length).to.be.at.most(POOL.perClient.other);
          }
        };
        let finished = 0;
        const done = tickets.map((t) => {
          const key = t ? { ...t } : undefined;
          const { open, work } = gate();
          return pool.run(key, async () => {
            running.add(key);
            check(key);
            gates.push(() => {
              running.delete(key);
              open();
            });
            await work();
          }).finally(() => finished++);
        });
        for (let i = 0; finished < done.length && i < 1000; i++) {
          await settle();
          const finish = gates.splice((finishOrder[i] ?? 0) % Math.max(1, gates.length), 1)[0];
          finish?.();
        }
        await Promise.all(done);
      }),
      { numRuns: 50 },
    );
  });

  it("starts a waiting sign-in before waiting other work, and one client's other work one at a time", async () => {
    const pool = new SharedPool({ ...POOL, slots: 2, reserved: 1 });
    const started: string[] = [];
    const first = gate();
    const run = (name: string, ticket: PoolTicket, work = async () => {}) => pool.run(ticket, async () => (started.push(name), work()));
    const flood1 = run('flood 1', { client: 'flooder', priority: false }, first.work);
    const flood2 = run('flood 2', { client: 'flooder', priority: false });
    const login = run('login', { client: 'person', priority: true });
    await settle();
    expect(started, "the flooder's second waits for its first; the login takes the reserved slot").to.deep.equal(['flood 1', 'login']);
    first.open();
    await Promise.all([flood1, flood2, login]);
    expect(started).to.deep.equal(['flood 1', 'login', 'flood 2']);
  });

  it('refuses a ticket at once past its waiting count, and one that waited too long', async () => {
    const pool = new SharedPool({ ...POOL, slots: 2, reserved: 1, waitingPerClient: 1, maxWaitMs: 50 });
    const busy = gate();
    const running = pool.run({ client: 'x', priority: false }, busy.work);
    const waiting = pool.run({ client: 'x', priority: false }, async () => 'ran');
    const refused = await pool.run({ client: 'x', priority: false }, async () => 'ran').catch((error: unknown) => error);
    expect(refused).to.be.instanceOf(PoolBusyError).and.to.have.property('retryAfter', 1);
    expect(await waiting.catch((error: unknown) => error), 'not started within 50 ms').to.be.instanceOf(PoolBusyError);
    busy.open();
    await running;
    expect(await pool.run({ client: 'x', priority: false }, async () => 'ran'), 'a turn again once the client is free').to.equal('ran');
  });
});
