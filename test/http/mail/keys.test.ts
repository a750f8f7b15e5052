import { expect } from 'chai';
import { databaseKind } from '../../support/test-database.ts';
import { accountServiceClient } from '../../support/account-service-client.ts';
import { ok } from '../../support/responses.ts';
import { ADMIN_KEY, startTestServer, type TestServer } from '../../support/test-server.ts';

/** Mail API keys (docs/mail.md, "API keys"): the operator's first key, keys managed with `manage`, each API its own key kinds. */
describe(`HTTP mail API keys on ${databaseKind()}`, function () {
  this.timeout(60_000);
  let api: TestServer;
  let root: string;
  let accountId: string;

  const accounts = accountServiceClient(() => api, 'mail-keys-user');
  const mail = (method: string, path: string, key: string, body?: unknown) => api.request(method, path, { api: 'mail', key, body });

  before(async () => {
    // A cheap password hash: the dashboard's sign-in is not what these tests are about.
    api = await startTestServer({ PASSWORD_HASH_COST: '10' });
    const account = ok(await api.request('POST', '/api/admin/accounts', { key: ADMIN_KEY, body: { email: 'mail-keys@example.com' } }), 201);
    accountId = account.id;
    // The operator's first key may do everything unless asked otherwise: it adds the domains and makes the other keys.
    const issued = ok(await api.request('POST', `/api/admin/accounts/${account.id}/mail-keys`, { key: ADMIN_KEY, body: { name: 'root' } }), 201);
    expect(issued.key).to.match(/^svc_k_[0-9A-Za-z]{40}$/);
    expect(issued).to.include({ name: 'root', prefix: issued.key.slice(0, 14) });
    expect(issued.permissions).to.deep.equal(['send', 'read', 'manage']);
    root = issued.key;
  });
  after(() => api.stop());

  it('creates a key shown once (send and read by default), lists keys without secrets and their last use', async () => {
    const created = ok(await mail('POST', '/v1/api-keys/', root, { name: 'backend' }), 201);
    expect(created.permissions).to.deep.equal(['send', 'read']);
    expect(created.key.startsWith(created.prefix)).to.equal(true);
    const listed = ok(await mail('GET', '/v1/api-keys', root)).data;
    expect(listed.map((key: { name: string }) => key.name)).to.deep.equal(['backend', 'root']);
    expect(listed.every((key: object) => !('key' in key))).to.equal(true);
    expect(listed[1].last_used_at, 'the root key was used to list').to.be.a('string');
    expect(listed[0].last_used_at).to.equal(null);
  });

  it('answers 403 insufficient_scope to a key without manage, and 422 naming an unknown permission', async () => {
    const sender = ok(await mail('POST', '/v1/api-keys', root, { name: 'sender', permissions: ['send'] }), 201).key;
    const refused = await mail('GET', '/v1/api-keys', sender);
    // It names the permission that would do.
    expect([refused.status, refused.body.error.code, refused.body.error.required]).to.deep.equal([403, 'insufficient_scope', ['manage']]);
    expect(refused.body.error.message).to.contain('manage');
    const narrow = ok(await api.request('POST', `/api/admin/accounts/${accountId}/mail-keys`, { key: ADMIN_KEY, body: { name: 'reader', permissions: ['read'] } }), 201);
    expect(narrow.permissions, 'the operator may still issue a narrower one').to.deep.equal(['read']);
    const invalid = await mail('POST', '/v1/api-keys', root, { name: 'x', permissions: ['send', 'admin'] });
    expect([invalid.status, invalid.body.error.details[0].path]).to.deep.equal([422, 'permissions']);
  });

  it('revokes at once: the key is refused at its next request and gone from the list', async () => {
    const doomed = ok(await mail('POST', '/v1/api-keys', root, { name: 'doomed', permissions: ['manage'] }), 201);
    ok(await mail('GET', '/v1/api-keys', doomed.key));
    expect((await mail('DELETE', `/v1/api-keys/${doomed.id}`, root)).status).to.equal(204);
    expect((await mail('GET', '/v1/api-keys', doomed.key)).status).to.equal(401);
    expect(ok(await mail('GET', '/v1/api-keys', root)).data.map((key: { id: string }) => key.id)).not.to.include(doomed.id);
    expect((await mail('DELETE', `/v1/api-keys/${doomed.id}`, root)).status, 'revoking again changes nothing').to.equal(204);
    expect((await mail('DELETE', '/v1/api-keys/key_unknown', root)).status).to.equal(404);
  });

  it("manages the account's mail keys with the dashboard's access token, that account's only", async () => {
    const { token } = await accounts.signUp();
    const created = ok(await mail('POST', '/v1/api-keys', token, { name: 'from the dashboard', permissions: ['send'] }), 201);
    expect(created.key).to.match(/^svc_k_/);
    expect(ok(await mail('GET', '/v1/api-keys', token)).data.map((key: { id: string }) => key.id)).to.deep.equal([created.id]);
    expect((await mail('DELETE', `/v1/api-keys/${ok(await mail('GET', '/v1/api-keys', root)).data[0].id}`, token)).status, "another account's key").to.equal(404);
    expect((await mail('DELETE', `/v1/api-keys/${created.id}`, token)).status).to.equal(204);
    expect((await mail('GET', '/v1/emails', created.key)).status, 'revoked at once').to.equal(401);
  });

  it('refuses SMS keys on the mail API and mail keys on the SMS API (401)', async () => {
    const sms = api.started.demo!.liveKey;
    expect((await mail('GET', '/v1/api-keys', sms)).status).to.equal(401);
    expect((await api.request('GET', '/api/balance', { key: root })).status).to.equal(401);
    const smsKeyId = ok(await api.request('POST', `/api/admin/accounts/${api.started.demo!.accountId}/keys`, { key: ADMIN_KEY, body: { environment: 'live' } }), 201).id;
    expect((await mail('DELETE', `/v1/api-keys/${smsKeyId}`, root)).status, "an SMS key is not the mail API's to revoke").to.equal(404);
  });
});
