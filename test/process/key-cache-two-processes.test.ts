import { expect } from 'chai';
import { callApi, startApiProcess, stopAll, type ApiProcess } from '../support/api-process.ts';
import { databaseKind, testDatabase } from '../support/test-database.ts';

/**
 * Acceptance (issue 12): two API processes on one PostgreSQL database, each caching the keys it
 * authenticated. A key revoked through process A, and an account suspended through A, are refused
 * by process B within 2 s (B hears of it through LISTEN/NOTIFY, not through its cache's TTL);
 * reactivating the account is heard the same way. Both are real `apps/server/src/main.ts` processes.
 */

const OPERATOR_KEY = 'key-cache-operator-key-0123456789-abcdef';
const WITHIN_MS = 2_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const startApi = (name: string, databaseUrl: string): Promise<ApiProcess> => startApiProcess(name, { DATABASE_URL: databaseUrl, ADMIN_API_KEY: OPERATOR_KEY });


/** Calls `/api/auth/me` on `api` every 25 ms from `since` until it answers `status`; returns the ms taken. */
async function untilAnswered(api: ApiProcess, key: string, status: number, since: number): Promise<number> {
  for (;;) {
    const answer = await callApi(api.baseUrl, 'GET', '/api/auth/me', key);
    const elapsed = performance.now() - since;
    if (answer.status === status) return elapsed;
    if (elapsed > 10_000) throw new Error(`${api.name} still answers ${answer.status} after ${Math.round(elapsed)} ms`);
    await sleep(25);
  }
}

describe(`key cache across two API processes on ${databaseKind()}`, function () {
  this.timeout(180_000);
  const processes: ApiProcess[] = [];

  after(() => stopAll(processes));

  it('refuses a key revoked through A, and the keys of an account suspended through A, in B within 2 s (and takes the account back once reactivated)', async function () {
    if (databaseKind() !== 'postgresql') {
      this.test!.title += ' [skipped: needs PostgreSQL (DATABASE_URL); on embedded PGlite only one process can open the database, which hears its own changes]';
      this.skip();
    }
    const databaseUrl = process.env.DATABASE_URL!;
    await testDatabase(); // migrated before the processes start, so they do not race to migrate
    const a = await startApi('A', databaseUrl);
    processes.push(a);
    const b = await startApi('B', databaseUrl);
    processes.push(b);

    const ok = (answer: { status: number; body: any }, status = 200) => {
      expect(answer.status, JSON.stringify(answer.body)).to.equal(status);
      return answer.body;
    };
    const account = ok(await callApi(a.baseUrl, 'POST', '/api/admin/accounts', OPERATOR_KEY, { email: `cache-${Date.now()}@example.com` }), 201);
    const issue = async () => ok(await callApi(a.baseUrl, 'POST', `/api/admin/accounts/${account.id}/keys`, OPERATOR_KEY, { environment: 'live' }), 201);
    const [revoked, kept] = [await issue(), await issue()];

    // B authenticates both keys, and keeps them in its cache.
    for (let i = 0; i < 20; i++) {
      ok(await callApi(b.baseUrl, 'GET', '/api/auth/me', revoked.key));
      ok(await callApi(b.baseUrl, 'GET', '/api/auth/me', kept.key));
    }

    // B answers from its cache: a revocation written behind the application's back (no notification) is not seen.
    const database = await testDatabase();
    const sql = (text: string) => database.withContext(() => database.em.getConnection().execute(text, [kept.id]));
    await sql('update api_key set revoked_at = now() where id = ?');
    ok(await callApi(b.baseUrl, 'GET', '/api/auth/me', kept.key));
    await sql('update api_key set revoked_at = null where id = ?');

    // 1. A key revoked through A.
    const revokedAt = performance.now();
    ok(await callApi(a.baseUrl, 'POST', `/api/admin/keys/${revoked.id}/revoke`, OPERATOR_KEY));
    const revokeMs = await untilAnswered(b, revoked.key, 401, revokedAt);
    expect(revokeMs, 'B refuses the revoked key').to.be.below(WITHIN_MS);
    ok(await callApi(b.baseUrl, 'GET', '/api/auth/me', kept.key)); // the other key of the account still works

    // 2. The account suspended through A.
    const suspendedAt = performance.now();
    ok(await callApi(a.baseUrl, 'POST', `/api/admin/accounts/${account.id}/suspend`, OPERATOR_KEY));
    const suspendMs = await untilAnswered(b, kept.key, 403, suspendedAt);
    expect(suspendMs, 'B refuses the suspended account').to.be.below(WITHIN_MS);
    expect((await callApi(b.baseUrl, 'GET', '/api/auth/me', kept.key)).body.error.code).to.equal('account_suspended');

    // 3. Reactivated through A: B takes its key again.
    const reactivatedAt = performance.now();
    ok(await callApi(a.baseUrl, 'POST', `/api/admin/accounts/${account.id}/unsuspend`, OPERATOR_KEY));
    const reactivateMs = await untilAnswered(b, kept.key, 200, reactivatedAt);
    expect(reactivateMs, 'B takes the reactivated account back').to.be.below(WITHIN_MS);
    expect((await callApi(b.baseUrl, 'GET', '/api/auth/me', revoked.key)).status, 'the revoked key stays refused').to.equal(401);
    console.log(`      B refused the revoked key after ${Math.round(revokeMs)} ms, the suspended account after ${Math.round(suspendMs)} ms; took it back after ${Math.round(reactivateMs)} ms`);
  });
});
