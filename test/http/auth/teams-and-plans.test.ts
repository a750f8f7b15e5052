import type { Clock } from '@tuma/kernel';
import { expect } from 'chai';
import { accountServiceClient, ok, PASSWORD, refused } from '../../support/account-service-client.ts';
import { databaseKind, testDatabase } from '../../support/test-database.ts';
import { ADMIN_KEY, startTestServer, type TestServer } from '../../support/test-server.ts';
import { until } from '../../support/until.ts';

/** The system clock moved forward on demand: a month ends without waiting. */
class ShiftedClock implements Clock {
  offsetMs = 0;
  now(): Date {
    return new Date(Date.now() + this.offsetMs);
  }
}

/**
 * Teams and plans on the account service (docs/accounts.md "Teams", docs/subscriptions.md), through
 * HTTP only: invitations by mail, roles and what each may do, the last owner kept, the plans'
 * max_team (402), subscriptions paid from the wallet (402 when short) and their monthly renewal.
 */
describe(`HTTP teams and plans on ${databaseKind()}`, function () {
  this.timeout(60_000);
  const clock = new ShiftedClock();
  let api: TestServer;
  const { auth, mailedToken, newAddress, login, signUp } = accountServiceClient(() => api, 'team');
  const credit = async (accountId: string, amount: number) =>
    ok(await api.request('POST', `/api/admin/balances/${accountId}/credit`, { key: ADMIN_KEY, body: { amount, reason: 'test credit', reference: `credit-${accountId}` } }));
  const ledger = async (token: string) => ok(await api.request('GET', '/api/balance/transactions', { key: token })).transactions;
  /** A member of the signed-in owner's team with this role, signed in: a new user accepting the mailed invitation. */
  const joined = async (ownerToken: string, role: string) => {
    const email = newAddress();
    ok(await auth('POST', '/team/invites', { token: ownerToken, body: { email, role } }), 201);
    const accepted = ok(await auth('POST', '/team/invites/accept', { body: { token: await mailedToken(email, 'You are invited to a Tuma team'), password: PASSWORD, name: 'Baraka' } }));
    expect(accepted).to.deep.include({ role });
    expect(accepted.user).to.deep.include({ email, email_verified: true });
    return { email, userId: accepted.user.id as string, token: (await login(email)).access_token as string };
  };
  /** An owner whose account pays for the links starter plan (5 members). */
  const teamOwner = async () => {
    const owner = await signUp();
    await credit(owner.accountId, 100);
    ok(await auth('POST', '/subscriptions', { token: owner.token, body: { product: 'links', tier: 'starter' } }), 201);
    return owner;
  };

  before(async () => {
    api = await startTestServer({ PASSWORD_HASH_COST: '10' }, { clock });
  });
  after(() => api.stop());

  it("caps a free account's team at the plan's max_team (402), and a paid links tier, charged to the wallet, lifts it", async () => {
    const owner = await signUp();
    const me = ok(await auth('GET', '/me', { token: owner.token }));
    expect([me.plans.mail.tier, me.plans.links.tier, me.plans.links.max_team]).to.deep.equal(['free', 'free', 1]);
    const capped = await auth('POST', '/team/invites', { token: owner.token, body: { email: newAddress(), role: 'developer' } });
    refused(capped, 402, 'plan_limit_reached');
    expect(capped.body.error).to.deep.include({ limit: 1 });

    await credit(owner.accountId, 100);
    const subscribed = ok(await auth('POST', '/subscriptions', { token: owner.token, body: { product: 'links', tier: 'starter' } }), 201);
    expect(subscribed.subscription).to.deep.include({ product: 'links', tier: 'starter', status: 'active', cancel_at_period_end: false });
    expect(subscribed.charge).to.deep.include({ kind: 'fee', related_type: 'subscription', related_id: subscribed.subscription.id });
    expect(subscribed.charge.amount).to.be.lessThan(0).and.at.least(-24);
    const [fee] = await ledger(owner.token);
    expect(fee).to.deep.include({ id: subscribed.charge.id, reference: subscribed.charge.reference });
    expect(ok(await auth('GET', '/me', { token: owner.token })).plans.links).to.deep.include({ tier: 'starter', max_team: 5 });
    const listed = ok(await auth('GET', '/subscriptions', { token: owner.token })).data;
    expect(listed.map((s: { product: string; tier: string }) => `${s.product}:${s.tier}`)).to.deep.equal(['mail:free', 'links:starter']);

    const developer = await joined(owner.token, 'developer');
    const team = ok(await auth('GET', '/team', { token: developer.token }));
    expect(team.members.map((m: { user_id: string; role: string }) => [m.user_id, m.role])).to.deep.equal([
      [owner.userId, 'owner'],
      [developer.userId, 'developer'],
    ]);
    refused(await auth('POST', '/subscriptions', { token: owner.token, body: { product: 'links', tier: 'business' } }), 409, 'already_subscribed');
    refused(await auth('POST', '/subscriptions', { token: developer.token, body: { product: 'mail', tier: 'starter' } }), 403, 'insufficient_role');
  });

  it('answers 402 insufficient_balance with required and available when the wallet cannot pay, and changes nothing', async () => {
    const owner = await signUp();
    const short = await auth('POST', '/subscriptions', { token: owner.token, body: { product: 'mail', tier: 'business' } });
    refused(short, 402, 'insufficient_balance');
    expect(short.body).to.deep.include({ available: 0 });
    expect(short.body.required).to.be.greaterThan(0);
    expect(short.body.error.required).to.equal(short.body.required);
    expect(ok(await auth('GET', '/subscriptions', { token: owner.token })).data.map((s: { tier: string }) => s.tier)).to.deep.equal(['free', 'free']);
    refused(await auth('POST', '/subscriptions', { token: owner.token, body: { product: 'mail', tier: 'free' } }), 422, 'validation_error');
  });

  it('lets owners and admins manage the team by the rules: developers and viewers cannot invite, viewers create no keys', async () => {
    const owner = await teamOwner();
    const developer = await joined(owner.token, 'developer');
    const viewer = await joined(owner.token, 'viewer');
    refused(await auth('POST', '/team/invites', { token: developer.token, body: { email: newAddress(), role: 'viewer' } }), 403, 'insufficient_role');
    refused(await api.request('POST', '/api/keys', { key: viewer.token, body: { environment: 'test' } }), 403, 'insufficient_role');
    ok(await api.request('GET', '/api/balance', { key: viewer.token }));
    ok(await api.request('POST', '/api/keys', { key: developer.token, body: { environment: 'live' } }), 201);

    expect(ok(await auth('PATCH', `/team/members/${developer.userId}`, { token: owner.token, body: { role: 'admin' } })).member.role).to.equal('admin');
    const admin = developer;
    ok(await auth('POST', '/team/invites', { token: admin.token, body: { email: newAddress(), role: 'viewer' } }), 201);
    refused(await auth('PATCH', `/team/members/${viewer.userId}`, { token: admin.token, body: { role: 'owner' } }), 403, 'insufficient_role');
    refused(await auth('PATCH', `/team/members/${owner.userId}`, { token: admin.token, body: { role: 'viewer' } }), 403, 'insufficient_role');
    refused(await auth('PATCH', `/team/members/${admin.userId}`, { token: admin.token, body: { role: 'owner' } }), 403, 'own_role');
    expect(ok(await auth('GET', '/team', { token: viewer.token })).invites).to.have.length(1);
  });

  it('keeps the last owner, removes members (their tokens stop at once), and lets a member leave', async () => {
    const owner = await teamOwner();
    const [admin, viewer] = [await joined(owner.token, 'admin'), await joined(owner.token, 'viewer')];
    refused(await auth('DELETE', `/team/members/${owner.userId}`, { token: owner.token }), 409, 'last_owner');
    refused(await auth('DELETE', `/team/members/${owner.userId}`, { token: admin.token }), 403, 'insufficient_role');

    expect((await auth('DELETE', `/team/members/${viewer.userId}`, { token: admin.token })).status).to.equal(204);
    refused(await auth('GET', '/team', { token: viewer.token }), 401, 'unauthorized');
    expect((await auth('DELETE', `/team/members/${admin.userId}`, { token: admin.token })).status, 'leaving').to.equal(204);

    const second = await joined(owner.token, 'admin');
    ok(await auth('PATCH', `/team/members/${second.userId}`, { token: owner.token, body: { role: 'owner' } }));
    ok(await auth('PATCH', `/team/members/${owner.userId}`, { token: second.token, body: { role: 'developer' } }));
    refused(await auth('PATCH', `/team/members/${second.userId}`, { token: owner.token, body: { role: 'viewer' } }), 403, 'insufficient_role');
    const members = ok(await auth('GET', '/team', { token: owner.token })).members;
    expect(members.map((m: { role: string }) => m.role)).to.deep.equal(['developer', 'owner']);
    refused(await auth('POST', '/team/invites/accept', { body: { token: 'not-a-real-invitation-token' } }), 400, 'invalid_token');
  });

  it('renews a subscription at the start of the next month: the job charges the full month to the wallet', async () => {
    const owner = await teamOwner();
    const [subscription] = ok(await auth('GET', '/subscriptions', { token: owner.token })).data.filter((s: { product: string }) => s.product === 'links');
    const periodEnd = new Date(subscription.current_period_end);
    clock.offsetMs = periodEnd.getTime() - Date.now() + 60 * 60_000;
    const database = await testDatabase();
    const started = await database.withContext(() => database.em.execute(`update pgboss.job set start_after = now() where name = 'subscriptions.renew' and state = 'created' returning id`));
    expect(started.length).to.be.greaterThan(0);

    const token = (await login(owner.email)).access_token;
    const month = `${periodEnd.getUTCFullYear()}-${String(periodEnd.getUTCMonth() + 1).padStart(2, '0')}`;
    const entries = await until('the renewal charge', () => ledger(token), (all: { reference: string }[]) => all.some((entry) => entry.reference === `subscription:${subscription.id}:${month}`));
    const renewals = entries.filter((entry: { reference: string }) => entry.reference === `subscription:${subscription.id}:${month}`);
    expect(renewals).to.have.length(1);
    expect(renewals[0]).to.deep.include({ kind: 'fee', amount: -24, related_id: subscription.id });
    const renewed = ok(await auth('GET', '/subscriptions', { token })).data.find((s: { product: string }) => s.product === 'links');
    expect(renewed).to.deep.include({ id: subscription.id, tier: 'starter', current_period_start: periodEnd.toISOString() });

    const canceled = ok(await auth('POST', `/subscriptions/${subscription.id}/cancel`, { token }));
    expect(canceled).to.deep.include({ charge: null });
    expect(canceled.subscription).to.deep.include({ cancel_at_period_end: true, tier: 'starter' });
    refused(await auth('PATCH', `/subscriptions/${subscription.id}`, { token, body: { tier: 'nonsense' } }), 422, 'validation_error');
    expect((await auth('POST', '/subscriptions/sub_missing/cancel', { token })).status).to.equal(404);
  });
});
