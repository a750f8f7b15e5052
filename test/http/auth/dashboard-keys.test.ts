import { expect } from 'chai';
import { accountServiceClient, ok, refused } from '../../support/account-service-client.ts';
import { databaseKind } from '../../support/test-database.ts';
import { ADMIN_KEY, startTestServer, type TestServer, SIMULATOR_DELIVERS_ALL } from '../../support/test-server.ts';
import { until } from '../../support/until.ts';

const KE = '+254712345678';

/**
 * The dashboard on the SMS API (docs/accounts.md, "Dashboard keys" and "Live traffic"), through HTTP
 * only: a signed-in user's keys at /api/keys, the email verification that live keys wait for, the
 * SMS read routes taking the access token, and the operator's user search and disabling.
 */
describe(`HTTP dashboard keys and reads on ${databaseKind()}`, function () {
  this.timeout(60_000);
  let api: TestServer;
  const { auth, signUp, verify, login } = accountServiceClient(() => api, 'dev');
  const sms = (method: string, path: string, token?: string, body?: unknown) => api.request(method, path, { key: token, body });
  const credit = async (accountId: string, amount: number) =>
    ok(await api.request('POST', `/api/admin/balances/${accountId}/credit`, { key: ADMIN_KEY, body: { amount, reason: 'test credit', reference: `credit-${accountId}` } }));

  before(async () => {
    api = await startTestServer({ PASSWORD_HASH_COST: '10', SIMULATOR_LATENCY_MS: '5-30', SIMULATOR_OUTCOMES: SIMULATOR_DELIVERS_ALL });
  });
  after(() => api.stop());

  it('registers, verifies, signs in, creates a live key with the access token and sends an SMS with it', async () => {
    const { accountId, token } = await signUp();
    await credit(accountId, 10);
    const issued = ok(await sms('POST', '/api/keys', token, { environment: 'live', name: 'shop backend' }), 201);
    expect(issued).to.deep.include({ environment: 'live', name: 'shop backend', scopes: ['send', 'query', 'webhooks'], is_active: true });
    expect(issued.key).to.match(/^svc_live_/);
    const sent = ok(await sms('POST', '/api/messages/send', issued.key, { to: KE, text: 'Habari! Your first live message.' }));
    await until('the message delivered', async () => ok(await sms('GET', `/api/messages/${sent.id}`, issued.key)), (message) => message.status === 'delivered');

    const listed = ok(await sms('GET', '/api/keys', token)).data;
    expect(listed.map((key: { id: string }) => key.id)).to.deep.equal([issued.id]);
    expect(listed[0]).to.not.have.property('key');
    const twoWay = ok(await sms('POST', '/api/keys', token, { environment: 'test', scopes: ['two_way'] }), 201);
    expect(twoWay.scopes).to.deep.equal(['two_way']);
    expect(ok(await sms('GET', '/api/keys', token)).data.map((key: { id: string }) => key.id), 'newest first').to.deep.equal([twoWay.id, issued.id]);

    expect(ok(await sms('DELETE', `/api/keys/${issued.id}`, token)).is_active).to.equal(false);
    refused(await sms('GET', '/api/balance', issued.key), 401, 'unauthorized');
  });

  it('refuses a live key until the account email is verified (403 email_not_verified); a test key works meanwhile', async () => {
    const { email, token } = await signUp({ verified: false });
    refused(await sms('POST', '/api/keys', token, { environment: 'live' }), 403, 'email_not_verified');
    const test = ok(await sms('POST', '/api/keys', token, { environment: 'test' }), 201);
    ok(await sms('POST', '/api/messages/send', test.key, { to: KE, text: 'Sandbox hello' }));
    await verify(email);
    ok(await sms('POST', '/api/keys', token, { environment: 'live' }), 201);
  });

  it("keeps another account's keys out of reach, and takes no access token where only keys go", async () => {
    const [mine, theirs] = [await signUp(), await signUp()];
    const key = ok(await sms('POST', '/api/keys', theirs.token, { environment: 'test' }), 201);
    expect(ok(await sms('GET', '/api/keys', mine.token)).data).to.deep.equal([]);
    expect((await sms('DELETE', `/api/keys/${key.id}`, mine.token)).status).to.equal(404);
    refused(await sms('POST', '/api/messages/send', mine.token, { to: KE, text: 'x' }), 401, 'unauthorized');
    refused(await sms('GET', '/api/keys', key.key), 401, 'unauthorized');
  });

  it("reads the account's wallet, ledger, messages and stats with the access token (live data), as with a key", async () => {
    const { accountId, token } = await signUp();
    await credit(accountId, 5);
    const key = ok(await sms('POST', '/api/keys', token, { environment: 'live' }), 201).key;
    const sent = ok(await sms('POST', '/api/messages/send', key, { to: KE, text: 'Read me from the dashboard' }));

    const me = ok(await sms('GET', '/api/auth/me', token));
    expect(me).to.deep.include({ id: accountId, api_key: null });
    expect(ok(await sms('GET', '/api/balance', token))).to.deep.equal(ok(await sms('GET', '/api/balance', key)));
    const ledger = ok(await sms('GET', '/api/balance/transactions', token));
    expect(ledger.transactions.map((entry: { kind: string }) => entry.kind)).to.deep.equal(['debit', 'credit']);
    expect(ok(await sms('GET', '/api/messages', token)).messages.map((m: { id: string }) => m.id)).to.deep.equal([sent.id]);
    expect(ok(await sms('GET', `/api/messages/${sent.id}`, token)).text).to.equal('Read me from the dashboard');
    expect(ok(await sms('GET', `/api/messages/status?ids=${sent.id}`, token)).messages).to.have.length(1);
    expect(ok(await sms('GET', '/api/messages/stats', token)).messages).to.equal(1);
    refused(await sms('GET', '/api/balance', 'not.a.jwt'), 401, 'unauthorized');
  });

  it("finds users by part of their address, and disables one at once: refresh and access tokens stop, sign-in refused, until re-enabled", async () => {
    const { email, userId, token, refreshToken } = await signUp();
    const found = ok(await api.request('GET', `/api/admin/users?search=${encodeURIComponent(email.toUpperCase())}`, { key: ADMIN_KEY })).users;
    expect(found.map((user: { id: string }) => user.id)).to.deep.equal([userId]);
    expect(found[0]).to.deep.include({ email, status: 'active', email_verified: true });
    refused(await api.request('GET', '/api/admin/users?search=x', { key: token }), 401, 'unauthorized');

    expect(ok(await api.request('POST', `/api/admin/users/${userId}/disable`, { key: ADMIN_KEY })).user.status).to.equal('disabled');
    refused(await auth('GET', '/me', { token }), 401, 'unauthorized');
    refused(await sms('GET', '/api/balance', token), 401, 'unauthorized');
    refused(await auth('POST', '/token/refresh', { body: { refresh_token: refreshToken } }), 401, 'invalid_refresh_token');
    refused(await auth('POST', '/login', { body: { email, password: 'correct horse battery staple' } }), 403, 'user_disabled');

    expect(ok(await api.request('POST', `/api/admin/users/${userId}/enable`, { key: ADMIN_KEY })).user.status).to.equal('active');
    ok(await auth('GET', '/me', { token: (await login(email)).access_token }));
    expect((await api.request('POST', '/api/admin/users/usr_missing/disable', { key: ADMIN_KEY })).status).to.equal(404);
  });
});
