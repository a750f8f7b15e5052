import { expect } from 'chai';
import { PASSWORD, accountServiceClient } from '../../support/account-service-client.ts';
import { startLinksWorld, type LinksWorld } from '../../support/links-world.ts';
import { ok } from '../../support/responses.ts';
import { databaseKind } from '../../support/test-database.ts';

/** The flooding client's address: one client, its requests inside the default per-address rate limit. */
const FLOODER = '198.51.100.200';
/** Where the person signing in is. */
const SIGNER = '192.0.2.50';
const SAMPLES = 9;

const median = (values: number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/**
 * One client's password hashes must not slow everyone's sign-in (docs/accounts.md, "Hashing"): a
 * flood of registrations, or of wrong link passwords, from one address with 8 requests in flight
 * leaves a concurrent login under twice its quiet latency, both measured here, in turns (three
 * rounds of quiet then flood, medians compared) so that the machine's other load falls on both alike. scrypt at 2^15 (32 MiB)
 * keeps it quick; the pool's two slots are set, not read from the machine's cores.
 */
describe(`password hashing shared fairly on ${databaseKind()}`, function () {
  this.timeout(120_000);
  let world: LinksWorld;
  const { auth, register } = accountServiceClient(() => world.api, 'fair');
  let email: string;

  before(async () => {
    world = await startLinksWorld({
      PASSWORD_HASH_COST: '15',
      PASSWORD_HASH_CONCURRENCY: '2',
      TRUST_PROXY_HOPS: '1',
      WEBHOOK_ALLOW_HOSTS: 'shop.example',
      RATE_LIMIT_IP_PER_SECOND: '50',
    });
    email = (await register()).email;
  });
  after(() => world.stop());

  /** Milliseconds of one sign-in with the right password from an address that never failed. */
  const signIn = async (): Promise<number> => {
    const started = performance.now();
    ok(await auth('POST', '/login', { body: { email, password: PASSWORD }, ip: SIGNER }));
    return performance.now() - started;
  };
  const signIns = async (): Promise<number[]> => {
    const times: number[] = [];
    for (let i = 0; i < SAMPLES; i++) times.push(await signIn());
    return times;
  };

  /** Sign-in times while `send` runs 8 at a time from the flooding client, and what the flood's answers were. */
  const duringFlood = async (send: (n: number) => Promise<number>): Promise<{ times: number[]; statuses: Map<number, number> }> => {
    let flooding = true;
    let sent = 0;
    const statuses = new Map<number, number>();
    const flooder = async () => {
      while (flooding) {
        const status = await send(sent++);
        statuses.set(status, (statuses.get(status) ?? 0) + 1);
      }
    };
    const flood = Array.from({ length: 8 }, flooder);
    await new Promise((resolve) => setTimeout(resolve, 300));
    const times = await signIns();
    flooding = false;
    await Promise.all(flood);
    return { times, statuses };
  };

  const compare = async (send: (n: number) => Promise<number>) => {
    await signIns(); // warm: the dummy hash, caches, JIT
    const quiet: number[] = [];
    const flooded: number[] = [];
    const answers = new Map<number, number>();
    for (let round = 0; round < 3; round++) {
      quiet.push(...(await signIns()));
      const { times, statuses } = await duringFlood(send);
      flooded.push(...times);
      for (const [status, count] of statuses) answers.set(status, (answers.get(status) ?? 0) + count);
    }
    return { quiet: median(quiet), flooded: median(flooded), answers };
  };

  it('keeps a login under 2x its quiet latency while one client registers 8 at a time', async () => {
    const register = async (n: number) =>
      (await auth('POST', '/register', { body: { email: `flood-${n}-${Date.now()}@example.com`, password: 'a long enough passphrase' }, ip: FLOODER })).status;
    const { quiet, flooded, answers } = await compare(register);
    expect(answers.get(201) ?? 0, `registrations went through: ${[...answers]}`).to.be.greaterThan(10);
    expect(flooded, `quiet ${quiet.toFixed(0)} ms, flooded ${flooded.toFixed(0)} ms; flood answers ${[...answers]}`).to.be.below(2 * quiet);
  });

  it('runs one registration of a client address at a time, 8 more waiting, and answers the rest 429 with Retry-After at once', async () => {
    const answers = await Promise.all(
      Array.from({ length: 14 }, (_, n) => auth('POST', '/register', { body: { email: `burst-${n}@example.com`, password: 'a long enough passphrase' }, ip: '198.51.100.201' })),
    );
    const refused = answers.filter((answer) => answer.status === 429);
    expect(answers.filter((answer) => answer.status === 201).length, 'the running one and the waiting ones').to.be.at.least(9);
    expect(refused.length, answers.map((answer) => answer.status).join(' ')).to.be.within(1, 5);
    for (const answer of refused) expect([answer.body.error.code, answer.headers.get('retry-after')]).to.deep.equal(['rate_limited', '1']);
  });

  it('keeps a login under 2x its quiet latency while one client sends wrong passwords to protected links 8 at a time', async () => {
    const slugs: string[] = [];
    for (let i = 0; i < 20; i++) slugs.push(ok(await world.links('POST', '/v1/links', { url: 'https://shop.example/p', password: 'the right password' }), 201).slug);
    const guess = async (n: number) =>
      (
        await world.api.request('POST', `/s/${slugs[n % slugs.length]}`, {
          rawBody: `password=wrong-${n}`,
          headers: { 'Content-Type': 'application/x-www-form-urlencoded', 'X-Forwarded-For': FLOODER },
        })
      ).status;
    const { quiet, flooded, answers } = await compare(guess);
    expect(answers.get(403) ?? 0, `wrong passwords were checked: ${[...answers]}`).to.be.greaterThan(10);
    expect(flooded, `quiet ${quiet.toFixed(0)} ms, flooded ${flooded.toFixed(0)} ms; flood answers ${[...answers]}`).to.be.below(2 * quiet);
  });
});
