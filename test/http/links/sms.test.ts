import { expect } from 'chai';
import { startLinksWorld, type LinksWorld } from '../../support/links-world.ts';
import { ok, refused } from '../../support/responses.ts';
import { databaseKind } from '../../support/test-database.ts';
import { ADMIN_KEY, SIMULATOR_DELIVERS_ALL } from '../../support/test-server.ts';

const KE = '+254712345678';

/**
 * Links sent by SMS (docs/links.md, "SMS"): `POST /v1/links` with `sms` on a plan with the SMS
 * integration sends the short link through the SMS platform, billed to the wallet; the link exists
 * only if its SMS was accepted.
 */
describe(`HTTP links sent by SMS on ${databaseKind()}`, function () {
  this.timeout(90_000);
  let world: LinksWorld;
  let starter: { accountId: string; key: string; token: string };
  const message = async (id: string) => ok(await world.api.request('GET', `/api/messages/${id}`, { key: starter.token }));
  const balance = async (token: string) => Number(ok(await world.api.request('GET', '/api/balance', { key: token })).balance);

  before(async () => {
    // Every SMS delivered: a simulated refusal would refund its charge before the balance is read back (a flake on a loaded host).
    world = await startLinksWorld({ WEBHOOK_ALLOW_HOSTS: 'shop.example', PASSWORD_HASH_COST: '10', SIMULATOR_OUTCOMES: SIMULATOR_DELIVERS_ALL });
    starter = await world.paidAccount('starter');
  });
  after(() => world.stop());

  it('refuses sms on a plan without the SMS integration (403 plan_feature_unavailable), making nothing', async () => {
    const refusal = await world.links('POST', '/v1/links', { url: 'https://shop.example/p', sms: { to: KE } });
    refused(refusal, 403, 'plan_feature_unavailable');
    expect(refusal.body.error).to.include({ feature: 'hasSmsIntegration' });
    expect(ok(await world.links('GET', '/v1/links')).data).to.deep.equal([]);
  });

  it('sends the short link in the text ({{link}} replaced, else appended), billed to the wallet, and answers the message', async () => {
    const before = await balance(starter.token);
    const created = ok(await world.links('POST', '/v1/links', { url: 'https://shop.example/sale', slug: 'sale', sms: { to: '0712 345 678'.replace(/^0/, '+254'), text: 'Sale today: {{link}} (ends {{link}}?)' } }, { key: starter.key }), 201);
    expect(created).to.include({ slug: 'sale', url: 'https://shop.example/sale' });
    expect(created.sms).to.include({ to: KE, segments: 1, currency: 'USD' });
    expect(created.sms.message_id).to.match(/^msg_/);
    expect(created.sms.cost).to.be.greaterThan(0);
    const sent = await message(created.sms.message_id);
    expect(sent.text).to.equal(`Sale today: ${created.short_url} (ends ${created.short_url}?)`);
    expect(await balance(starter.token)).to.be.closeTo(before - created.sms.cost, 1e-6);

    const appended = ok(await world.links('POST', '/v1/links', { url: 'https://shop.example/new', sms: { to: KE, text: 'New in store:  ' } }, { key: starter.key }), 201);
    expect((await message(appended.sms.message_id)).text).to.equal(`New in store: ${appended.short_url}`);
    const alone = ok(await world.links('POST', '/v1/links', { url: 'https://shop.example/alone', sms: { to: KE } }, { key: starter.key }), 201);
    expect((await message(alone.sms.message_id)).text).to.equal(alone.short_url);
    expect(ok(await world.links('GET', `/v1/links/${alone.id}`, undefined, { key: starter.key })).id).to.equal(alone.id);
  });

  it('makes no link when the number is invalid (400 naming sms.to), its slug is taken (409) or the wallet cannot pay (402 insufficient_balance)', async () => {
    const invalid = await world.links('POST', '/v1/links', { url: 'https://shop.example/p', sms: { to: '12' } }, { key: starter.key });
    refused(invalid, 400, 'invalid_phone_number');
    expect(invalid.body.error.details[0].path).to.equal('sms.to');
    refused(await world.links('POST', '/v1/links', { url: 'https://shop.example/p', slug: 'sale', sms: { to: KE } }, { key: starter.key }), 409, 'slug_taken');

    // The operator takes what the plan left: nothing for an SMS.
    const broke = await world.paidAccount('starter');
    const left = await balance(broke.token);
    ok(await world.api.request('POST', `/api/admin/balances/${broke.accountId}/debit`, { key: ADMIN_KEY, body: { amount: left, reason: 'test', reference: `empty-${broke.accountId}` } }));
    const refusal = await world.links('POST', '/v1/links', { url: 'https://shop.example/p', slug: 'broke', sms: { to: KE } }, { key: broke.key });
    refused(refusal, 402, 'insufficient_balance');
    expect(refusal.body.error.cost).to.be.greaterThan(0);
    expect(ok(await world.links('GET', '/v1/links', undefined, { key: broke.key })).data, 'no link').to.deep.equal([]);
    expect(ok(await world.links('GET', '/v1/account', undefined, { key: broke.key })).usage.links_this_month).to.equal(0);
    expect((await world.api.request('GET', '/s/broke')).status, 'no short URL either').to.equal(404);
  });

  it('sends a test key’s link to the sandbox without a charge', async () => {
    const testKey = ok(await world.links('POST', '/v1/keys', { name: 'test', environment: 'test' }, { key: starter.token }), 201).key as string;
    const before = await balance(starter.token);
    const created = ok(await world.links('POST', '/v1/links', { url: 'https://shop.example/t', sms: { to: KE, text: 'Try {{link}}' } }, { key: testKey }), 201);
    expect(created.sms).to.include({ cost: 0 });
    expect(await balance(starter.token)).to.equal(before);
    expect(ok(await world.links('GET', `/v1/links/${created.id}`, undefined, { key: testKey })).id).to.equal(created.id);
  });

  it('with an Idempotency-Key: a retry gets the first answer again (Idempotent-Replayed), one link, one SMS, one charge, even with a generated slug', async () => {
    const before = await balance(starter.token);
    const headers = { 'Idempotency-Key': `link-sms-${Date.now()}` };
    const body = { url: 'https://shop.example/once', sms: { to: KE, text: 'Once: {{link}}' } };
    const first = await world.links('POST', '/v1/links', body, { key: starter.key, headers });
    const again = await world.links('POST', '/v1/links', body, { key: starter.key, headers });
    expect(first.status).to.equal(201);
    expect([again.status, again.headers.get('idempotent-replayed')]).to.deep.equal([201, 'true']);
    expect(again.body).to.deep.equal(first.body);
    const links = ok(await world.links('GET', '/v1/links?q=once', undefined, { key: starter.key })).data as { id: string }[];
    expect(links.map((l) => l.id)).to.deep.equal([first.body.id]);
    expect(await balance(starter.token)).to.be.closeTo(before - first.body.sms.cost, 1e-6);
    const reused = await world.links('POST', '/v1/links', { ...body, url: 'https://shop.example/other' }, { key: starter.key, headers });
    refused(reused, 422, 'idempotency_key_reused');
  });
});
