import { expect } from 'chai';
import { databaseKind } from '../../support/test-database.ts';
import { ADMIN_KEY, startTestServer, type TestServer } from '../../support/test-server.ts';

describe(`balance endpoints on ${databaseKind()}`, () => {
  let api: TestServer;
  let key: string;
  let accountId: string;

  const admin = (method: string, path: string, body?: unknown) => api.request(method, path, { key: ADMIN_KEY, body });

  before(async () => {
    api = await startTestServer();
    key = api.started.demo!.liveKey;
    accountId = api.started.demo!.accountId;
  });
  after(async () => api.stop());

  it('shows a zero balance in the wallet currency before the first credit', async () => {
    const res = await api.request('GET', '/api/balance', { key });
    expect(res.status).to.equal(200);
    expect(res.body).to.deep.equal({ currency: 'USD', balance: 0, reserved: 0, available: 0, updated_at: null });
  });

  it('credits once per reference, debits, and lists the ledger newest first', async () => {
    const credit = await admin('POST', `/api/admin/balances/${accountId}/credit`, { amount: '100.50', reason: 'welcome credit', reference: 'crm-1' });
    expect(credit.status).to.equal(200);
    expect(credit.body.transaction).to.include({ kind: 'credit', amount: 100.5, currency: 'USD', balance_after: 100.5, reason: 'welcome credit' });
    expect(credit.body.balance).to.include({ balance: 100.5, available: 100.5 });

    const replay = await admin('POST', `/api/admin/balances/${accountId}/credit`, { amount: '100.50', reason: 'welcome credit', reference: 'crm-1' });
    expect(replay.body.transaction.id).to.equal(credit.body.transaction.id);
    expect(replay.body.balance.balance).to.equal(100.5);

    const debit = await admin('POST', `/v1/admin/balances/${accountId}/debit`, { amount: 0.5, currency: 'usd', reason: 'correction', reference: 'crm-2' });
    expect(debit.status).to.equal(200);
    expect(debit.body.transaction).to.include({ amount: -0.5, balance_after: 100 });

    const balance = await api.request('GET', '/v1/balance', { key });
    expect(balance.body).to.include({ currency: 'USD', balance: 100, reserved: 0, available: 100 });
    expect(balance.body.updated_at).to.be.a('string');

    const page = await api.request('GET', '/api/balance/transactions?limit=1', { key });
    expect(page.status).to.equal(200);
    expect(page.body).to.include({ total: 2, page: 0, limit: 1 });
    expect(page.body.transactions).to.have.length(1);
    expect(page.body.transactions[0]).to.include({ id: debit.body.transaction.id, balance_after: 100 });
    const second = await api.request('GET', '/api/balance/transactions?page=1&limit=1', { key });
    expect(second.body.transactions[0].id).to.equal(credit.body.transaction.id);
    const beyond = await api.request('GET', '/api/balance/transactions?page=9', { key });
    expect(beyond.body.transactions).to.deep.equal([]);

    const me = await api.request('GET', '/api/auth/me', { key });
    expect(me.body.balance).to.include({ currency: 'USD', balance: 100, available: 100 });
  });

  it('refuses a debit beyond the balance with 402, required and available in the body', async () => {
    const res = await admin('POST', `/api/admin/balances/${accountId}/debit`, { amount: 1000, reason: 'too much', reference: 'crm-3' });
    expect(res.status).to.equal(402);
    expect(res.body.error.code).to.equal('insufficient_balance');
    expect(res.body).to.include({ required: 1000, available: 100, currency: 'USD' });
    expect(res.body.error).to.include({ required: 1000, available: 100 });
    expect((await api.request('GET', '/api/balance', { key })).body.balance).to.equal(100);
  });

  it('answers 409 when a reference is reused for a different adjustment', async () => {
    const res = await admin('POST', `/api/admin/balances/${accountId}/credit`, { amount: 5, reason: 'welcome credit', reference: 'crm-1' });
    expect(res.status).to.equal(409);
    expect(res.body.error.code).to.equal('reference_conflict');
  });

  it('answers 422 naming the field for bad amounts, currencies and pages, 404 for unknown accounts, 403 for customers', async () => {
    const cases: [unknown, string][] = [
      [{ amount: 0, reason: 'x', reference: 'a' }, 'amount'],
      [{ amount: -5, reason: 'x', reference: 'b' }, 'amount'],
      [{ amount: '1.0000001', reason: 'x', reference: 'c' }, 'amount'],
      [{ amount: 'ten', reason: 'x', reference: 'd' }, 'amount'],
      [{ amount: 5, currency: 'KES', reason: 'x', reference: 'e' }, 'currency'],
      [{ amount: 5, currency: 'ZZZ', reason: 'x', reference: 'f' }, 'currency'],
      [{ amount: 5, reference: 'g' }, 'reason'],
      [{ amount: 5, reason: 'x' }, 'reference'],
      [{ amount: 5, reason: 'x', reference: 'h', extra: 1 }, 'extra'],
    ];
    for (const [body, path] of cases) {
      const res = await admin('POST', `/api/admin/balances/${accountId}/credit`, body);
      expect(res.status).to.equal(422, JSON.stringify(body));
      expect(res.body.error.details.map((d: { path: string }) => d.path)).to.include(path, JSON.stringify(body));
    }
    for (const query of ['page=-1', 'limit=0', 'limit=101', 'page=x']) {
      const res = await api.request('GET', `/api/balance/transactions?${query}`, { key });
      expect(res.status).to.equal(422, query);
    }
    expect((await admin('GET', '/api/admin/balances?limit=101')).status).to.equal(422);
    expect((await admin('POST', '/api/admin/balances/acc_missing/credit', { amount: 1, reason: 'x', reference: 'y' })).status).to.equal(404);
    expect((await api.request('POST', `/api/admin/balances/${accountId}/credit`, { key, body: { amount: 1, reason: 'x', reference: 'z' } })).status).to.equal(403);
  });

  it('lists balances for operators with search and paging, and aggregates stats', async () => {
    const other = (await admin('POST', '/api/admin/accounts', { email: 'kampala.shop@example.com', wallet_currency: 'UGX' })).body;
    await admin('POST', `/api/admin/balances/${other.id}/credit`, { amount: 50000, reason: 'opening', reference: 'ug-1' });

    const all = await admin('GET', '/api/admin/balances');
    expect(all.status).to.equal(200);
    expect(all.body).to.include({ total: 2, page: 0, limit: 25 });
    const found = await admin('GET', '/v1/admin/balances?search=KAMPALA');
    expect(found.body.total).to.equal(1);
    expect(found.body.balances[0]).to.include({ account_id: other.id, currency: 'UGX', balance: 50000, has_wallet: true, status: 'active' });
    const byId = await admin('GET', `/api/admin/balances?search=${accountId}`);
    expect(byId.body.balances.map((b: { account_id: string }) => b.account_id)).to.deep.equal([accountId]);
    const paged = await admin('GET', '/api/admin/balances?limit=1&page=1');
    expect(paged.body.balances).to.have.length(1);

    const stats = await admin('GET', '/api/admin/balances/stats');
    expect(stats.status).to.equal(200);
    expect(stats.body).to.include({ customer_accounts: 2, wallets: 2, negative_risk_accounts: 0 });
    expect(stats.body.totals).to.deep.equal([
      { currency: 'UGX', wallets: 1, balance: 50000, reserved: 0 },
      { currency: 'USD', wallets: 1, balance: 100, reserved: 0 },
    ]);
    expect(stats.body.top_ups).to.deep.equal({ last_24h: [], last_7d: [], last_30d: [] });

    // A top-up paid through the hosted checkout shows in every window.
    const topUp = await api.request('POST', '/api/balance/topup', { key, body: { amount: 20 } });
    const confirm = await fetch(`${new URL(topUp.body.checkout_url).href}/confirm`, { method: 'POST', redirect: 'manual' });
    expect(confirm.status).to.equal(303);
    const after = (await admin('GET', '/api/admin/balances/stats')).body;
    const usd = [{ currency: 'USD', count: 1, amount: 20 }];
    expect(after.top_ups).to.deep.equal({ last_24h: usd, last_7d: usd, last_30d: usd });
    expect(after.totals.find((t: { currency: string }) => t.currency === 'USD').balance).to.equal(120);
  });

  it('makes quotes affordable against the real balance', async () => {
    const quote = await api.request('POST', '/api/messages/rate', { key, body: { to: '+254712345678', text: 'Habari' } });
    expect(quote.status).to.equal(200);
    expect(quote.body.wallet_balance).to.equal(120);
    expect(quote.body.affordable).to.equal(true);
  });
});
