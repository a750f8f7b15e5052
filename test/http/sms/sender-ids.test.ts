import { expect } from 'chai';
import { databaseKind } from '../../support/test-database.ts';
import { ADMIN_KEY, startTestServer, type TestServer } from '../../support/test-server.ts';

type JsonType = 'string' | 'number' | 'boolean' | 'null' | 'array' | 'object';

const jsonType = (value: unknown): JsonType =>
  value === null ? 'null' : Array.isArray(value) ? 'array' : (typeof value as 'string' | 'number' | 'boolean' | 'object');

/** Exactly these fields, in this order, each of one of the given JSON types. */
function expectShape(entry: Record<string, unknown>, shape: Record<string, JsonType | readonly JsonType[]>): void {
  expect(Object.keys(entry)).to.deep.equal(Object.keys(shape));
  for (const [field, types] of Object.entries(shape)) expect(typeof types === 'string' ? [types] : types, field).to.include(jsonType(entry[field]));
}

const RECEIPT_SHAPE = { id: 'number', name: 'string', status: 'string', estimated_fee_usd: 'number', fee_countries: 'array' } as const;
const SENDER_ID_SHAPE = {
  id: 'number',
  name: 'string',
  countries: 'array',
  use_case: ['string', 'null'],
  status: 'string',
  rejection_reason: ['string', 'null'],
  fee_usd: 'number',
  fee_charged_at: ['string', 'null'],
  created_at: 'string',
} as const;
const ADMIN_SHAPE = {
  ...SENDER_ID_SHAPE,
  account_id: 'string',
  estimated_fee_usd: 'number',
  fee_countries: 'array',
  fee_amount: ['number', 'null'],
  fee_currency: ['string', 'null'],
  fee_fx_rate: ['string', 'null'],
  fee_transaction_id: ['string', 'null'],
  decided_at: ['string', 'null'],
} as const;

describe(`HTTP sender IDs on ${databaseKind()}`, () => {
  let api: TestServer;
  let key: string;
  let accountId: string;

  const admin = (method: string, path: string, body?: unknown) => api.request(method, path, { key: ADMIN_KEY, body });
  const requestSenderId = (body: unknown, as = key) => api.request('POST', '/api/sender-ids', { key: as, body });
  const mine = async (as = key) => (await api.request('GET', '/api/sender-ids', { key: as })).body as Record<string, unknown>[];
  const credit = (account: string, amount: number, reference: string) =>
    admin('POST', `/api/admin/balances/${account}/credit`, { amount, reason: 'funds for sender IDs', reference });

  /** A customer account with a live key of the given scopes. */
  async function customer(email: string, walletCurrency = 'USD', scopes?: string[]): Promise<{ id: string; key: string }> {
    const account = await admin('POST', '/api/admin/accounts', { email, wallet_currency: walletCurrency });
    const issued = await admin('POST', `/api/admin/accounts/${account.body.id}/keys`, { environment: 'live', ...(scopes ? { scopes } : {}) });
    return { id: account.body.id, key: issued.body.key };
  }

  before(async () => {
    api = await startTestServer();
    key = api.started.demo!.liveKey;
    accountId = api.started.demo!.accountId;
  });
  after(async () => api.stop());

  describe('requests', () => {
    it('answers 201 with exactly the spec fields: pending, USD 150 per flat-fee country, nothing charged', async () => {
      const res = await requestSenderId({ name: 'ACME', countries: ['gh', 'ZA', 'tz', 'GH', 'NG'], use_case: 'OTP codes and receipts' });
      expect(res.status).to.equal(201);
      expectShape(res.body, RECEIPT_SHAPE);
      expect(Number.isInteger(res.body.id)).to.equal(true);
      expect(res.body).to.deep.include({ name: 'ACME', status: 'pending', estimated_fee_usd: 300, fee_countries: ['GH', 'TZ'] });
      expect((await api.request('GET', '/api/balance', { key })).body).to.include({ balance: 0, updated_at: null });
      expect((await api.request('GET', '/api/balance/transactions', { key })).body.total).to.equal(0);
    });

    it("lists the caller's sender IDs newest first with the spec fields and JSON types", async () => {
      const second = await requestSenderId({ name: 'Shop 24', countries: ['UG'] });
      expect(second.body).to.deep.include({ estimated_fee_usd: 0, fee_countries: [] });
      const res = await api.request('GET', '/api/sender-ids', { key });
      expect(res.status).to.equal(200);
      expect(res.body).to.have.length(2);
      for (const entry of res.body) expectShape(entry, SENDER_ID_SHAPE);
      expect(res.body[0]).to.deep.include({ id: second.body.id, name: 'Shop 24', countries: ['UG'], use_case: null, status: 'pending', rejection_reason: null, fee_usd: 0, fee_charged_at: null });
      expect(res.body[1]).to.deep.include({ name: 'ACME', countries: ['GH', 'ZA', 'TZ', 'NG'], use_case: 'OTP codes and receipts', fee_usd: 0 });
      expect(Date.parse(res.body[1].created_at)).to.be.a('number').and.not.NaN;
    });

    it('answers 422 naming the field: 12 characters, no letter, bad symbols, empty, unknown or malformed countries, unknown fields', async () => {
      const cases: [unknown, string][] = [
        [{ name: 'ABCDEFGHIJKL', countries: ['KE'] }, 'name'],
        [{ name: '', countries: ['KE'] }, 'name'],
        [{ name: '0712345678', countries: ['KE'] }, 'name'],
        [{ name: 'ACME!', countries: ['KE'] }, 'name'],
        [{ name: 'ACME', countries: [] }, 'countries'],
        [{ name: 'ACME', countries: 'KE' }, 'countries'],
        [{ name: 'ACME', countries: ['KE', 'FR'] }, 'countries.1'],
        [{ name: 'ACME', countries: ['KEN'] }, 'countries.0'],
        [{ name: 'ACME', countries: ['KE'], sender: 'x' }, 'sender'],
        [{ countries: ['KE'] }, 'name'],
        [{ name: 'ACME', countries: ['KE'], use_case: 'x'.repeat(501) }, 'use_case'],
      ];
      for (const [body, path] of cases) {
        const res = await requestSenderId(body);
        expect(res.status, JSON.stringify(body)).to.equal(422);
        expect(res.body.error.code).to.equal('validation_error');
        expect(res.body.error.details.map((d: { path: string }) => d.path), JSON.stringify(body)).to.include(path);
        expect(res.body.error.details.every((d: { in: string }) => d.in === 'body')).to.equal(true);
      }
      const unknown = await requestSenderId({ name: 'ACME', countries: ['KE', 'FR'] });
      expect(unknown.body.error.details).to.deep.equal([{ path: 'countries.1', message: 'Not one of our markets: FR', in: 'body' }]);
      expect(await mine()).to.have.length(2);
    });

    it('answers 409 with the overlapping countries when the name is already pending there', async () => {
      const res = await requestSenderId({ name: 'ACME', countries: ['EG', 'ZA'] });
      expect(res.status).to.equal(409);
      expect(res.body.error).to.deep.include({ code: 'conflict', resource: 'sender_id', countries: ['ZA'] });
      const elsewhere = await requestSenderId({ name: 'ACME', countries: ['EG'] });
      expect(elsewhere.status).to.equal(201);
      expect(elsewhere.body).to.deep.include({ estimated_fee_usd: 150, fee_countries: ['EG'] });
    });
  });

  describe('access', () => {
    it('answers 401 without a valid key, and 403 to keys without the scope and to the operator key', async () => {
      expect((await api.request('GET', '/api/sender-ids')).status).to.equal(401);
      expect((await api.request('POST', '/api/sender-ids', { body: { name: 'X', countries: ['KE'] } })).status).to.equal(401);
      expect((await api.request('GET', '/api/sender-ids', { key: 'svc_live_nope' })).status).to.equal(401);

      const reader = await customer('reader@example.com', 'USD', ['query']);
      expect((await api.request('GET', '/api/sender-ids', { key: reader.key })).status).to.equal(200);
      const refused = await requestSenderId({ name: 'READER', countries: ['KE'] }, reader.key);
      expect(refused.status).to.equal(403);
      expect(refused.body.error.code).to.equal('insufficient_scope');

      const hooks = await customer('hooks@example.com', 'USD', ['webhooks']);
      expect((await api.request('GET', '/api/sender-ids', { key: hooks.key })).status).to.equal(403);
      const sender = await customer('sender@example.com', 'USD', ['send']);
      expect((await api.request('GET', '/api/sender-ids', { key: sender.key })).status).to.equal(200);
      expect((await requestSenderId({ name: 'SENDER', countries: ['KE'] }, sender.key)).status).to.equal(201);

      expect((await admin('GET', '/api/sender-ids')).status).to.equal(403);
      expect((await admin('POST', '/api/sender-ids', { name: 'OPS', countries: ['KE'] })).status).to.equal(403);
      for (const path of ['/api/admin/sender-ids', '/v1/admin/sender-ids']) expect((await api.request('GET', path, { key })).status).to.equal(403);
      expect((await api.request('POST', '/api/admin/sender-ids/1/approve', { key })).status).to.equal(403);
      expect((await api.request('POST', '/api/admin/sender-ids/1/reject', { key, body: { reason: 'x' } })).status).to.equal(403);
    });

    it("keeps tenants apart: another account lists only its own, and the same name is free for it; unknown ids are 404", async () => {
      const other = await customer('other.tenant@example.com');
      expect(await mine(other.key)).to.deep.equal([]);
      const same = await requestSenderId({ name: 'ACME', countries: ['GH', 'KE'] }, other.key);
      expect(same.status).to.equal(201);
      expect((await mine(other.key)).map((s) => s.id)).to.deep.equal([same.body.id]);
      expect((await mine()).map((s) => s.id)).to.not.include(same.body.id);

      for (const path of ['/api/admin/sender-ids/999999/approve', '/v1/admin/sender-ids/999999/approve']) {
        const res = await admin('POST', path);
        expect(res.status).to.equal(404);
        expect(res.body.error.code).to.equal('not_found');
      }
      expect((await admin('POST', '/api/admin/sender-ids/999999/reject', { reason: 'No such request' })).status).to.equal(404);
      for (const id of ['abc', '0', '-1', '1.5']) {
        const res = await admin('POST', `/api/admin/sender-ids/${id}/approve`);
        expect(res.status, id).to.equal(422);
        expect(res.body.error.details[0]).to.include({ path: 'id', in: 'path' });
      }
    });
  });

  describe('operator review', () => {
    it('lists pending requests for review with the account, the fee approval takes and the exact fields', async () => {
      const res = await admin('GET', `/api/admin/sender-ids?status=pending&account_id=${accountId}`);
      expect(res.status).to.equal(200);
      expect(res.body).to.include({ total: 3, page: 0, limit: 25 });
      for (const entry of res.body.sender_ids) expectShape(entry, ADMIN_SHAPE);
      expect(res.body.sender_ids.map((s: { name: string }) => s.name)).to.deep.equal(['ACME', 'Shop 24', 'ACME']);
      expect(res.body.sender_ids[2]).to.deep.include({ account_id: accountId, estimated_fee_usd: 300, fee_countries: ['GH', 'TZ'], fee_amount: null, decided_at: null });
      const everyone = await admin('GET', '/v1/admin/sender-ids?status=pending&limit=2&page=0');
      expect(everyone.body.total).to.be.greaterThan(3);
      expect(everyone.body.sender_ids).to.have.length(2);
      expect((await admin('GET', '/api/admin/sender-ids?status=cancelled')).status).to.equal(422);
    });

    it('refuses approval with 402 when the wallet cannot pay (required and available), leaving it pending', async () => {
      const acme = (await mine()).find((s) => s.name === 'ACME' && (s.countries as string[]).includes('GH'))!;
      const res = await admin('POST', `/api/admin/sender-ids/${acme.id}/approve`);
      expect(res.status).to.equal(402);
      expect(res.body).to.include({ required: 300, available: 0, currency: 'USD' });
      expect(res.body.error.code).to.equal('insufficient_balance');
      expect((await mine()).find((s) => s.id === acme.id)).to.include({ status: 'pending', fee_usd: 0, fee_charged_at: null });

      await credit(accountId, 299.99, 'sid-1');
      expect((await admin('POST', `/api/admin/sender-ids/${acme.id}/approve`)).body).to.include({ required: 300, available: 299.99 });
      expect((await api.request('GET', '/api/balance', { key })).body.balance).to.equal(299.99);
    });

    it('approves once: one fee entry of exactly USD 150 per flat-fee country, recorded on the request; a second approval is 409', async () => {
      await credit(accountId, 500.01, 'sid-2');
      const acme = (await mine()).find((s) => s.name === 'ACME' && (s.countries as string[]).includes('GH'))!;
      const before = (await api.request('GET', '/api/balance', { key })).body.balance;
      const res = await admin('POST', `/api/admin/sender-ids/${acme.id}/approve`);
      expect(res.status).to.equal(200);
      expectShape(res.body, ADMIN_SHAPE);
      expect(res.body).to.deep.include({ id: acme.id, status: 'approved', fee_usd: 300, fee_amount: 300, fee_currency: 'USD', fee_fx_rate: '1', fee_countries: ['GH', 'TZ'] });
      expect(res.body.fee_charged_at).to.be.a('string');
      expect(res.body.decided_at).to.be.a('string');
      expect((await api.request('GET', '/api/balance', { key })).body.balance).to.equal(before - 300);

      const page = (await api.request('GET', '/api/balance/transactions', { key })).body;
      expect(page.transactions[0]).to.deep.include({
        id: res.body.fee_transaction_id,
        kind: 'fee',
        amount: -300,
        currency: 'USD',
        balance_after: 500,
        reference: `sender_id:${acme.id}:approval`,
        reason: 'Sender ID ACME registration: GH, TZ (USD 300.00)',
        related_type: 'sender_id',
        related_id: String(acme.id),
      });

      const again = await admin('POST', `/v1/admin/sender-ids/${acme.id}/approve`);
      expect(again.status).to.equal(409);
      expect(again.body.error.message).to.equal(`Sender ID request ${acme.id} is approved: only pending requests can be approved`);
      expect((await admin('POST', `/api/admin/sender-ids/${acme.id}/reject`, { reason: 'Too late' })).status).to.equal(409);
      const fees = (await api.request('GET', '/api/balance/transactions', { key })).body.transactions.filter((t: { kind: string }) => t.kind === 'fee');
      expect(fees).to.have.length(1);
      expect((await api.request('GET', '/api/balance', { key })).body.balance).to.equal(500);

      const listed = (await mine()).find((s) => s.id === acme.id)!;
      expect(listed).to.deep.include({ status: 'approved', fee_usd: 300, rejection_reason: null, fee_charged_at: res.body.fee_charged_at });
      expect((await requestSenderId({ name: 'ACME', countries: ['GH'] })).status).to.equal(409);
    });

    it("approves a per-network country (UG) charging its network fees, converted at the operator's rate, with fee_usd recorded", async () => {
      const shop = (await mine()).find((s) => s.name === 'Shop 24')!;
      const res = await admin('POST', `/api/admin/sender-ids/${shop.id}/approve`);
      expect(res.status, res.text).to.equal(200);
      expect(res.body).to.deep.include({ status: 'approved', estimated_fee_usd: 0 });
      expect(res.body.fee_usd).to.be.greaterThan(0);
      expect(res.body.fee_charged_at).to.be.a('string');
      expect((await api.request('GET', '/api/balance', { key })).body.balance).to.be.closeTo(500 - res.body.fee_amount, 1e-9);
      expect(res.body.fee_amount).to.equal(res.body.fee_usd);
    });

    it('rejects with a reason the customer sees, charging nothing; the name is free again there', async () => {
      const egypt = (await mine()).find((s) => s.name === 'ACME' && (s.countries as string[]).includes('EG'))!;
      const balanceBefore = (await api.request('GET', '/api/balance', { key })).body.balance;
      for (const [body, path] of [[{}, 'reason'], [{ reason: '' }, 'reason'], [{ reason: 'x', extra: 1 }, 'extra'], [{ reason: '   ' }, 'reason']] as const) {
        const res = await admin('POST', `/api/admin/sender-ids/${egypt.id}/reject`, body);
        expect(res.status, JSON.stringify(body)).to.equal(422);
        expect(res.body.error.details.map((d: { path: string }) => d.path)).to.include(path);
      }
      const res = await admin('POST', `/v1/admin/sender-ids/${egypt.id}/reject`, { reason: 'Trade licence missing' });
      expect(res.status).to.equal(200);
      expect(res.body).to.deep.include({ status: 'rejected', rejection_reason: 'Trade licence missing', fee_usd: 0, fee_charged_at: null, fee_amount: null });
      expect((await mine()).find((s) => s.id === egypt.id)).to.deep.include({ status: 'rejected', rejection_reason: 'Trade licence missing', fee_usd: 0 });
      expect((await admin('POST', `/api/admin/sender-ids/${egypt.id}/approve`)).status).to.equal(409);
      expect((await api.request('GET', '/api/balance', { key })).body.balance).to.equal(balanceBefore);
      expect((await requestSenderId({ name: 'ACME', countries: ['EG'] })).status).to.equal(201);
    });

    it('converts the fee into a KES wallet with the operator rate: the balance drops by exactly the converted fee', async () => {
      expect((await admin('POST', '/api/admin/fx-rates', { from: 'USD', to: 'KES', rate: '129.5' })).status).to.equal(201);
      const nairobi = await customer('nairobi.shop@example.com', 'KES');
      await credit(nairobi.id, 50000, 'kes-1');
      const requested = await requestSenderId({ name: 'NBO SHOP', countries: ['NG', 'GH', 'TZ'] }, nairobi.key);
      expect(requested.body).to.deep.include({ estimated_fee_usd: 300, fee_countries: ['GH', 'TZ'] });
      const res = await admin('POST', `/api/admin/sender-ids/${requested.body.id}/approve`);
      expect(res.status).to.equal(200);
      expect(res.body).to.deep.include({ fee_usd: 300, fee_amount: 38850, fee_currency: 'KES', fee_fx_rate: '129.5' });
      expect((await api.request('GET', '/api/balance', { key: nairobi.key })).body).to.include({ currency: 'KES', balance: 11150 });
      const [fee] = (await api.request('GET', '/v1/balance/transactions', { key: nairobi.key })).body.transactions;
      expect(fee).to.deep.include({ kind: 'fee', amount: -38850, currency: 'KES', balance_after: 11150, related_type: 'sender_id' });
      expect(fee.reason).to.equal('Sender ID NBO SHOP registration: GH, TZ (USD 300.00 at 129.5 KES/USD)');
    });
  });
});
