import { expect } from 'chai';
import fc from 'fast-check';
import { identityFixture } from './support/identity-fixture.ts';

describe('identity: one-time tokens (properties)', () => {
  it('a verification link works exactly once however many times it is used, at once or one after another', async () => {
    const f = await identityFixture();
    let n = 0;
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 1, max: 6 }), fc.boolean(), async (uses, together) => {
        const email = `user${n++}@example.com`;
        await f.register(email, { verified: false });
        const token = f.mailedToken(email);
        const attempt = () => f.identity.verifyEmail.execute(token);
        const answers = together ? await Promise.all(Array.from({ length: uses }, attempt)) : await sequentially(uses, attempt);
        expect(answers.filter((answer) => answer.isOk())).to.have.length(1);
      }),
      { numRuns: 25 },
    );
  });

  it('a token is usable before its lifetime ends and never after', async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 0, max: 48 * 60 }), async (minutes) => {
        const f = await identityFixture();
        await f.register('late@example.com', { verified: false });
        f.clock.advance(minutes * 60_000);
        expect((await f.identity.verifyEmail.execute(f.mailedToken('late@example.com'))).isOk()).to.equal(minutes < 24 * 60);
      }),
      { numRuns: 20 },
    );
  });
});

async function sequentially<T>(times: number, run: () => PromiseLike<T>): Promise<T[]> {
  const answers: T[] = [];
  for (let i = 0; i < times; i++) answers.push(await run());
  return answers;
}
