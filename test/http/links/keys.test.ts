import { expect } from 'chai';
import { accountServiceClient } from '../../support/account-service-client.ts';
import { startLinksWorld, type LinksWorld } from '../../support/links-world.ts';
import { ok, refused } from '../../support/responses.ts';
import { databaseKind } from '../../support/test-database.ts';
import { ADMIN_KEY } from '../../support/test-server.ts';

/** Links API keys (docs/links.md, "Keys"): svc_l_ keys of the one api_key table, scopes, environments, the dashboard's token, each API its own key kinds. */
describe(`HTTP links API keys on ${databaseKind()}`, function () {
  this.timeout(60_000);
  let world: LinksWorld;
  const accounts = accountServiceClient(() => world.api, 'links-keys-user');

  before(async () => {
    world = await startLinksWorld({ PASSWORD_HASH_COST: '10' });
  });
  after(() => world.stop());

  it('creates a live key with * by default, shown once, and lists keys with prefix, environment and last use, never the secret', async () => {
    expect(world.key).to.match(/^svc_l_[0-9A-Za-z]{40}$/);
    const created = ok(await world.links('POST', '/v1/keys', { name: 'backend' }), 201);
    expect(created).to.include({ name: 'backend', environment: 'live', is_active: true, prefix: created.key.slice(0, 14) });
    expect(created.scopes).to.deep.equal(['*']);
    const test = ok(await world.links('POST', '/v1/keys', { name: 'ci', environment: 'test', scopes: ['links:read'] }), 201);
    expect([test.environment, test.scopes]).to.deep.equal(['test', ['links:read']]);
    const listed = ok(await world.links('GET', '/v1/keys')).data;
    expect(listed.map((key: { name: string }) => key.name)).to.deep.equal(['ci', 'backend', 'all']);
    expect(listed.every((key: object) => !('key' in key))).to.equal(true);
    expect(listed[2].last_used_at, 'the world key was used to list').to.be.a('string');
    expect(listed[0].last_used_at).to.equal(null);
  });

  it('answers 422 naming scopes for an unknown scope, and 403 insufficient_scope to a write without links:write', async () => {
    const invalid = await world.links('POST', '/v1/keys', { name: 'x', scopes: ['links:read', 'send'] });
    expect([invalid.status, invalid.body.error.details[0].path]).to.deep.equal([422, 'scopes']);
    const reader = await world.newKey({ scopes: ['links:read'] });
    ok(await world.links('GET', '/v1/keys', undefined, { key: reader }));
    refused(await world.links('POST', '/v1/keys', { name: 'y' }, { key: reader }), 403, 'insufficient_scope');
    const writer = await world.newKey({ scopes: ['links:write'] });
    ok(await world.links('POST', '/v1/keys', { name: 'z' }, { key: writer }), 201);
  });

  it('revokes at once: the key is refused at its next request and gone from the list; another account cannot revoke it', async () => {
    const doomed = ok(await world.links('POST', '/v1/keys', { name: 'doomed' }), 201);
    ok(await world.links('GET', '/v1/keys', undefined, { key: doomed.key }));
    const other = await world.otherAccountKey();
    expect((await world.links('DELETE', `/v1/keys/${doomed.id}`, undefined, { key: other })).status, "another account's key").to.equal(404);
    expect((await world.links('DELETE', `/v1/keys/${doomed.id}`)).status).to.equal(204);
    expect((await world.links('GET', '/v1/keys', undefined, { key: doomed.key })).status).to.equal(401);
    expect(ok(await world.links('GET', '/v1/keys')).data.map((key: { id: string }) => key.id)).not.to.include(doomed.id);
  });

  it("manages the account's links keys with the dashboard's access token", async () => {
    const { token } = await accounts.signUp();
    const created = ok(await world.links('POST', '/v1/keys', { name: 'from the dashboard', scopes: ['links:read'] }, { key: token }), 201);
    expect(created.key).to.match(/^svc_l_/);
    expect(ok(await world.links('GET', '/v1/keys', undefined, { key: token })).data.map((key: { id: string }) => key.id)).to.deep.equal([created.id]);
  });

  it('refuses SMS and mail keys on the links API and links keys elsewhere (401)', async () => {
    const api = world.api;
    expect((await world.links('GET', '/v1/keys', undefined, { key: api.started.demo!.liveKey })).status, 'an SMS key').to.equal(401);
    const mailKey = ok(await api.request('POST', `/api/admin/accounts/${world.accountId}/mail-keys`, { key: ADMIN_KEY, body: { name: 'mail' } }), 201).key;
    expect((await world.links('GET', '/v1/keys', undefined, { key: mailKey })).status, 'a mail key').to.equal(401);
    expect((await api.request('GET', '/api/balance', { key: world.key })).status, 'on the SMS API').to.equal(401);
    expect((await api.request('GET', '/v1/api-keys', { api: 'mail', key: world.key })).status, 'on the mail API').to.equal(401);
  });
});
