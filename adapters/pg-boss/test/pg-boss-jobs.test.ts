import { expect } from 'chai';
import { defineJob, errAsync, okAsync, ResultAsync } from '@tuma/kernel';
import { MikroOrmUnitOfWork, type Database } from '@tuma/mikro-orm-adapter';
import { PgBossJobs } from '../src/index.ts';
import { databaseKind, testDatabase } from '../../../test/support/test-database.ts';

interface Payload {
  key: string;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function waitFor(check: () => Promise<boolean>, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('Timed out waiting for condition');
    await sleep(100);
  }
}

describe(`PgBossJobs on ${databaseKind()}`, function () {
  this.timeout(60_000);
  let database: Database;
  let uow: MikroOrmUnitOfWork;
  let running: PgBossJobs[] = [];
  let suffix = 0;

  const sql = (text: string, params: unknown[] = []) =>
    database.withContext(() => database.em.getConnection().execute(text, params) as Promise<Record<string, unknown>[]>);

  const effects = async (key: string) => Number((await sql('select count(*)::int as n from job_effect where key = ?', [key]))[0]!.n);

  function jobsInstance(onError?: (error: Error) => void, pollingIntervalSeconds = 0.5): PgBossJobs {
    const jobs = new PgBossJobs({
      onError,
      connectionString: database.url,
      executor: database.standaloneExecutor(),
      transactionExecutor: () => database.transactionExecutor(),
      pollingIntervalSeconds,
      superviseIntervalSeconds: 1,
    });
    running.push(jobs);
    return jobs;
  }

  /** The idempotent handler: records its effect once per key, whatever the number of attempts. */
  const recordEffect = async ({ key }: Payload) => {
    await sql('insert into job_effect (key) values (?) on conflict do nothing', [key]);
  };

  before(async () => {
    database = await testDatabase();
    uow = new MikroOrmUnitOfWork(database);
    await sql('create table if not exists job_effect (key text primary key)');
  });

  afterEach(async () => {
    for (const jobs of running) await jobs.stop({ graceful: false, timeoutMs: 1000 }).catch(() => undefined);
    running = [];
  });

  const freshJob = (expireInSeconds = 30) => defineJob<Payload>({ name: `test-effect-${Date.now()}-${++suffix}`, expireInSeconds, retryDelaySeconds: 1 });

  it('runs a job enqueued in a committed unit of work exactly once', async () => {
    const job = freshJob();
    const jobs = jobsInstance();
    jobs.register(job, recordEffect);
    await jobs.start({ workers: true });
    await database.withContext(() => uow.run(() => ResultAsync.fromSafePromise(jobs.enqueue(job, { key: `${job.name}-ok` }))));
    await waitFor(async () => (await effects(`${job.name}-ok`)) === 1);
  });

  it('never runs a job whose unit of work rolled back, by Err or by throw', async () => {
    const job = freshJob();
    const jobs = jobsInstance();
    const seen: string[] = [];
    jobs.register(job, async ({ key }) => {
      seen.push(key);
    });
    await jobs.start({ workers: true });
    await database.withContext(() =>
      uow.run(() => ResultAsync.fromSafePromise(jobs.enqueue(job, { key: 'by-err' })).andThen(() => errAsync('nope'))),
    );
    const thrown = await database
      .withContext(async () =>
        uow.run(() =>
          ResultAsync.fromSafePromise(jobs.enqueue(job, { key: 'by-throw' })).andThen(() => {
            throw new Error('boom');
          }),
        ),
      )
      .then(
        () => undefined,
        (error: Error) => error.message,
      );
    expect(thrown).to.equal('boom');
    await database.withContext(() => uow.run(() => ResultAsync.fromSafePromise(jobs.enqueue(job, { key: 'committed' })).andThen(() => okAsync(1))));
    await waitFor(async () => seen.includes('committed'));
    await sleep(1500);
    expect(seen).to.deep.equal(['committed']);
    const rows = await sql(`select count(*)::int as n from pgboss.job where name = ?`, [job.name]);
    expect(rows[0]!.n).to.equal(1);
  });

  it('enqueues many jobs in one write that commits or rolls back with the unit of work, start times kept', async () => {
    const job = freshJob();
    const jobs = jobsInstance();
    jobs.register(job, recordEffect);
    await jobs.start({ workers: true });
    const later = new Date(Date.now() + 60 * 60_000);
    const many = (prefix: string) => [
      { payload: { key: `${prefix}-1` } },
      { payload: { key: `${prefix}-2` } },
      { payload: { key: `${prefix}-later` }, options: { startAfter: later } },
    ];
    await database.withContext(() => uow.run(() => ResultAsync.fromSafePromise(jobs.enqueueMany(job, many('rolled'))).andThen(() => errAsync('nope'))));
    await database.withContext(() => uow.run(() => ResultAsync.fromSafePromise(jobs.enqueueMany(job, many('kept')))));
    await waitFor(async () => (await effects('kept-1')) === 1 && (await effects('kept-2')) === 1);
    expect(await effects('rolled-1')).to.equal(0);
    const waiting = await sql(`select data->>'key' as key, start_after from pgboss.job where name = ? and state = 'created'`, [job.name]);
    expect(waiting.map((row) => row.key)).to.deep.equal(['kept-later']);
    expect(new Date(waiting[0]!.start_after as string).getTime()).to.equal(later.getTime());
  });

  it('retries an attempt whose worker died, and the idempotent handler has its effect once', async () => {
    const job = freshJob(1);
    const key = `${job.name}-killed`;
    const doomed = jobsInstance(() => undefined); // its connection is cut mid-poll on purpose
    let started = false;
    doomed.register(job, async () => {
      started = true;
      await new Promise(() => undefined); // the process "dies" mid-job: this attempt never settles
    });
    await doomed.start({ workers: true });
    await database.withContext(() => uow.run(() => ResultAsync.fromSafePromise(doomed.enqueue(job, { key }))));
    await waitFor(async () => started);
    await doomed.stop({ graceful: false, timeoutMs: 100 });

    const restarted = jobsInstance();
    let attempts = 0;
    restarted.register(job, async (payload, context) => {
      attempts++;
      expect(context.retryCount).to.be.greaterThan(0);
      await recordEffect(payload);
    });
    await restarted.start({ workers: true });
    await waitFor(async () => (await effects(key)) === 1, 30_000);
    expect(attempts).to.equal(1);
  });

  it('wakes the workers of another instance when a job that can run now commits, long before their next poll', async () => {
    const job = freshJob();
    const api = jobsInstance();
    api.declare(job);
    await api.start({ workers: false });
    const worker = jobsInstance(undefined, 60);
    worker.register(job, recordEffect);
    await worker.start({ workers: true });
    await sleep(1000); // the workers' first look, at start, found nothing: the next is a minute away
    const enqueuedAt = Date.now();
    await database.withContext(() => uow.run(() => ResultAsync.fromSafePromise(api.enqueue(job, { key: `${job.name}-one` }))));
    await database.withContext(() => uow.run(() => ResultAsync.fromSafePromise(api.enqueueMany(job, [{ payload: { key: `${job.name}-many` } }]))));
    await waitFor(async () => (await effects(`${job.name}-one`)) === 1 && (await effects(`${job.name}-many`)) === 1, 10_000);
    expect(Date.now() - enqueuedAt).to.be.below(10_000);
  });

  it('holds a job until its start time', async () => {
    const job = freshJob();
    const jobs = jobsInstance();
    jobs.register(job, recordEffect);
    await jobs.start({ workers: true });
    const key = `${job.name}-later`;
    await jobs.enqueue(job, { key }, { startAfter: new Date(Date.now() + 2500) });
    await sleep(1200);
    expect(await effects(key)).to.equal(0);
    await waitFor(async () => (await effects(key)) === 1);
  });

  it('stops gracefully: the attempt in flight finishes, nothing new is taken', async () => {
    const job = freshJob();
    const jobs = jobsInstance();
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const started: string[] = [];
    const finished: string[] = [];
    jobs.register(job, async ({ key }) => {
      started.push(key);
      await gate;
      await recordEffect({ key });
      finished.push(key);
    });
    await jobs.start({ workers: true });
    await jobs.enqueue(job, { key: `${job.name}-first` });
    await waitFor(async () => started.length === 1);
    await jobs.enqueue(job, { key: `${job.name}-second` });
    const stopping = jobs.stop({ graceful: true, timeoutMs: 10_000 });
    await sleep(300);
    release();
    await stopping;
    expect(finished).to.deep.equal([`${job.name}-first`]);
    expect(await effects(`${job.name}-first`)).to.equal(1);
    const waiting = await sql(`select state from pgboss.job where name = ? and data->>'key' = ?`, [job.name, `${job.name}-second`]);
    expect(waiting.map((row) => row.state)).to.deep.equal(['created']);
  });
});
