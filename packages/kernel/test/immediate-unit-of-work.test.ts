import { expect } from 'chai';
import { defineJob, err, ok, ResultAsync, transact, type Result } from '../src/index.ts';
import { FakeClock, ImmediateUnitOfWork, InMemoryJobScheduler, onRollback, UndoableList, UndoableMap } from '../src/testing/index.ts';

const JOB = defineJob<{ n: number }>({ name: 'test.job' });
const unitOfWork = new ImmediateUnitOfWork();
const run = <T, E>(work: () => Promise<Result<T, E>>, options?: { savepoint?: boolean }) => unitOfWork.run(() => new ResultAsync(work()), options);
const rows = (map: Map<string, number>) => [...map.entries()];

describe('ImmediateUnitOfWork (the in-memory unit of work, with rollback)', () => {
  it('keeps the writes of work that answers Ok', async () => {
    const map = new UndoableMap<string, number>([['a', 1]]);
    await run(async () => (map.set('a', 2), map.set('b', 3), map.delete('a'), ok('done')));
    expect(rows(map)).to.deep.equal([['b', 3]]);
  });

  it('undoes every write of work that answers Err or throws, newest first: sets, deletes and clears, across awaits', async () => {
    for (const fail of [async () => err('no'), async () => Promise.reject(new Error('boom'))]) {
      const map = new UndoableMap<string, number>([['a', 1], ['b', 2]]);
      const outcome = await run(async () => {
        map.set('a', 10);
        await new Promise((resolve) => setTimeout(resolve, 1));
        map.set('c', 3);
        map.delete('b');
        map.set('a', 11);
        map.clear();
        map.set('d', 4);
        return fail();
      }).then(
        (result) => (result.isErr() ? 'err' : 'ok'),
        (error: unknown) => (error as Error).message,
      );
      expect(outcome).to.be.oneOf(['err', 'boom']);
      expect(new Map(map)).to.deep.equal(new Map([['a', 1], ['b', 2]]));
    }
  });

  it('undoes a savepoint that answers Err and keeps the caller\'s writes; the caller\'s rollback undoes a savepoint that answered Ok', async () => {
    const map = new UndoableMap<string, number>();
    await run(async () => {
      map.set('outer', 1);
      expect((await run(async () => (map.set('inner', 2), err('no')))).isErr()).to.equal(true);
      return ok(undefined);
    });
    expect(rows(map)).to.deep.equal([['outer', 1]]);
    await run(async () => {
      map.set('outer', 2);
      await run(async () => (map.set('inner', 3), ok(undefined)));
      return err('no');
    });
    expect(rows(map)).to.deep.equal([['outer', 1]]);
  });

  it('joins the caller without a savepoint of its own (`savepoint: false`): the caller decides', async () => {
    const map = new UndoableMap<string, number>();
    await run(async () => {
      await run(async () => (map.set('joined', 1), err('no')), { savepoint: false });
      return ok(undefined);
    });
    expect(rows(map), 'the caller committed').to.deep.equal([['joined', 1]]);
  });

  it('never undoes the writes of another unit of work running at the same time, nor writes made outside any', async () => {
    const map = new UndoableMap<string, number>();
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const failing = run(async () => {
      map.set('failing', 1);
      await gate;
      return err('no');
    });
    const succeeding = run(async () => {
      map.set('succeeding', 2);
      await gate;
      return ok(undefined);
    });
    map.set('outside', 3);
    release();
    await Promise.all([failing, succeeding]);
    expect(new Map(map)).to.deep.equal(new Map([['succeeding', 2], ['outside', 3]]));
  });

  it('takes out what a list\'s push and unshift added in work that rolls back, by identity: another unit of work\'s rows stay', async () => {
    const list = new UndoableList<string>();
    list.push('kept');
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const failing = run(async () => {
      list.push('failing', 'failing too');
      await gate;
      list.unshift('failing first');
      return err('no');
    });
    const succeeding = run(async () => {
      list.unshift('succeeding');
      await gate;
      return ok(undefined);
    });
    list.push('outside');
    release();
    await Promise.all([failing, succeeding]);
    expect(list).to.deep.equal(['succeeding', 'kept', 'outside']);
    expect(list.filter(() => true), 'what it derives is a plain array').to.be.an.instanceOf(Array).and.not.an.instanceOf(UndoableList);
  });

  it('drops the jobs enqueued by work that rolls back, as pg-boss in the same transaction would (transact: a throw)', async () => {
    const clock = new FakeClock();
    const jobs = new InMemoryJobScheduler(clock);
    await jobs.enqueue(JOB, { n: 1 });
    const thrown = await transact(unitOfWork, async () => {
      await jobs.enqueue(JOB, { n: 2 });
      throw new Error('boom');
    }).catch((error: Error) => error.message);
    expect(thrown).to.equal('boom');
    await run(async () => (await jobs.enqueue(JOB, { n: 3 }), ok(undefined)));
    expect(jobs.jobs().map((job) => job.payload)).to.deep.equal([{ n: 1 }, { n: 3 }]);
  });

  it('runs the undo a fake logs itself (onRollback) only on rollback', async () => {
    const undone: string[] = [];
    await run(async () => (onRollback(() => undone.push('kept')), ok(undefined)));
    await run(async () => (onRollback(() => undone.push('first')), onRollback(() => undone.push('second')), err('no')));
    onRollback(() => undone.push('outside'));
    expect(undone).to.deep.equal(['second', 'first']);
  });
});
