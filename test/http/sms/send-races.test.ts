import { expect } from 'chai';
import { databaseKind } from '../../support/test-database.ts';
import { ADMIN_KEY, SIMULATOR_DELIVERS_ALL, startTestServer, type TestServer } from '../../support/test-server.ts';
import { ok } from '../../support/responses.ts';

const number = (i: number) => `+2547${String(20_000_000 + i).slice(-8)}`;

/** Concurrent single sends of one account (an OTP burst): group commit gives each its own answer, charging exactly what the wallet holds. */
describe(`HTTP concurrent single sends on ${databaseKind()}`, function () {
  this.timeout(60_000);
  let api: TestServer;
  let key: string;

  const balance = async () => ok(await api.request('GET', '/api/balance', { key })).balance as number;
  const transactions = async () => ok(await api.request('GET', '/api/balance/transactions?limit=100', { key })).transactions as { kind: string; amount: number }[];
  const debits = async () => (await transactions()).filter((entry) => entry.kind === 'debit').length;

  before(async () => {
    // Every message delivered: a refund landing during the burst would pay for one send more.
    api = await startTestServer({ SIMULATOR_OUTCOMES: SIMULATOR_DELIVERS_ALL });
    key = api.started.demo!.liveKey;
    ok(await api.request('POST', `/api/admin/balances/${api.started.demo!.accountId}/credit`, { key: ADMIN_KEY, body: { amount: 0.1, reason: 'send races', reference: 'send-races' } }));
  });
  after(() => api.stop());

  it('charges exactly what the wallet can pay among 40 at once: the rest are 402 with their cost, and the ledger adds up to the balance', async () => {
    const probe = ok(await api.request('POST', '/api/messages/send', { key, body: { to: number(0), text: 'Probe' } }));
    const fits = Math.floor(probe.balance_after / probe.cost + 1e-9);
    expect(fits, 'the test needs money for some sends and not for all').to.be.within(1, 30);
    const answers = await Promise.all(Array.from({ length: 40 }, (_, i) => api.request('POST', '/api/messages/send', { key, body: { to: number(i + 1), text: `Code ${i}` } })));
    const accepted = answers.filter((answer) => answer.status === 200);
    expect(accepted).to.have.length(fits);
    for (const refused of answers.filter((answer) => answer.status !== 200)) {
      expect(refused.status, refused.text).to.equal(402);
      expect(refused.body.error.code).to.equal('insufficient_balance');
      expect(refused.body.cost).to.equal(probe.cost);
    }
    expect(new Set(accepted.map((answer) => answer.body.id)).size).to.equal(fits);
    // A refund may land while we read: take the ledger between two equal balance reads.
    let left = await balance();
    let ledger = await transactions();
    for (let again = await balance(); again !== left; again = await balance()) {
      left = again;
      ledger = await transactions();
    }
    const refunded = ledger.filter((entry) => entry.kind === 'refund').reduce((sum, entry) => sum + entry.amount, 0);
    expect(left - refunded).to.be.below(probe.cost);
    expect(ledger.filter((entry) => entry.kind === 'debit')).to.have.length(1 + fits);
    expect(ledger.reduce((sum, entry) => sum + entry.amount, 0)).to.be.closeTo(left, 1e-6);
  });

  it('answers 12 identical sends at once with one 200 and eleven 409 naming it, charging once', async () => {
    ok(await api.request('POST', `/api/admin/balances/${api.started.demo!.accountId}/credit`, { key: ADMIN_KEY, body: { amount: 1, reason: 'send races', reference: 'send-races-2' } }));
    const before = await debits();
    const answers = await Promise.all(Array.from({ length: 12 }, () => api.request('POST', '/api/messages/send', { key, body: { to: number(99), text: 'Same code 4321' } })));
    const accepted = answers.filter((answer) => answer.status === 200);
    expect(accepted).to.have.length(1);
    for (const duplicate of answers.filter((answer) => answer.status !== 200)) {
      expect(duplicate.status, duplicate.text).to.equal(409);
      expect(duplicate.body.error).to.include({ code: 'duplicate_message', duplicate_of: accepted[0]!.body.id });
    }
    expect(await debits()).to.equal(before + 1);
  });
});
