import { expect } from 'chai';
import { defineJob, errAsync, jobRoute, okAsync, type DomainError, type JobHandler, type JobWorkers } from '../src/index.ts';

const JOB = defineJob<{ readonly n: number }>({ name: 'test.job-route' });

/** The workers of one job: its handler, as `register` put it there. */
function registered(route: ReturnType<typeof jobRoute>, around = (attempt: () => Promise<unknown>) => attempt()): JobHandler<{ readonly n: number }> {
  let handler: JobHandler<{ readonly n: number }> | undefined;
  const workers: JobWorkers = { register: (_job, registeredHandler) => void (handler = registeredHandler as never) };
  route.register(workers, around);
  return handler!;
}

const context = { jobId: 'job-1', retryCount: 0 };

describe('jobRoute', () => {
  it("runs a use case's Ok answer as a successful attempt, inside `around`", async () => {
    const seen: string[] = [];
    const handler = registered(
      jobRoute(JOB, (payload) => okAsync(payload.n * 2)),
      async (attempt) => {
        seen.push('before');
        await attempt();
        seen.push('after');
      },
    );
    await handler({ n: 2 }, context);
    expect(seen).to.deep.equal(['before', 'after']);
  });

  it("fails the attempt on a use case's Err: thrown with the error's message and the error as its cause, never swallowed", async () => {
    const deferred: DomainError = { type: 'test_deferred', message: 'Deferred: 451 later' };
    const handler = registered(jobRoute(JOB, () => errAsync(deferred)));
    const thrown = await handler({ n: 1 }, context).then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(thrown).to.be.instanceOf(Error);
    expect((thrown as Error).message).to.equal('Deferred: 451 later');
    expect((thrown as Error).cause).to.equal(deferred);
  });

  it('fails the attempt when the work throws, whether it answers a Promise or a ResultAsync', async () => {
    for (const run of [async () => Promise.reject(new Error('fault')), () => okAsync(1).map((): number => { throw new Error('fault'); })]) {
      const thrown = await registered(jobRoute(JOB, run))({ n: 1 }, context).then(
        () => undefined,
        (error: unknown) => error,
      );
      expect(String(thrown)).to.include('fault');
    }
  });
});
