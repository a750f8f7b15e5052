import type { Clock } from '@tuma/kernel';
import { expect } from 'chai';
import { databaseKind } from '../../support/test-database.ts';
import { accountServiceClient, ok, PASSWORD, refused } from '../../support/account-service-client.ts';
import { ADMIN_KEY, startTestServer, type TestServer } from '../../support/test-server.ts';

/** The system clock moved forward on demand: throttling windows pass without waiting. */
class ShiftedClock implements Clock {
  offsetMs = 0;
  now(): Date {
    return new Date(Date.now() + this.offsetMs);
  }
}

/** The shape of a JSON value: its keys and the types of its leaves, not its values. */
const shapeOf = (value: unknown): unknown =>
  value !== null && typeof value === 'object' ? Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, shapeOf(inner)])) : value === null ? 'null' : typeof value;

/**
 * The account service black-box (docs/accounts.md), through HTTP only: registration and the mailed
 * link read from the operator's outbox, verification, login, refresh rotation and reuse detection,
 * logout, password reset and change, the profile, enumeration-safe answers and login throttling.
 */
describe(`HTTP account service on ${databaseKind()}`, function () {
  this.timeout(60_000);
  const clock = new ShiftedClock();
  let api: TestServer;
  const { auth, outbox, mailedToken, newAddress, register, login } = accountServiceClient(() => api);
  const outboxCount = async (to: string) => (await outbox(to, 100)).length as number;

  before(async () => {
    // A cheap scrypt cost (2^10) for the suite; TRUST_PROXY_HOPS lets requests name their client address.
    api = await startTestServer({ PASSWORD_HASH_COST: '10', TRUST_PROXY_HOPS: '1', DEFAULT_WALLET_CURRENCY: 'KES' }, { clock });
  });
  after(() => api.stop());

  it('registers a user and their account, mails a link that verifies the address once, and signs in', async () => {
    const { email, answer } = await register(undefined, { name: ' Amina ', company: 'Duka' });
    expect(answer.user).to.deep.include({ email, name: 'Amina', company: 'Duka', email_verified: false });
    expect(answer.user.id).to.match(/^usr_/);
    expect(answer.account.id).to.match(/^acc_/);
    const token = await mailedToken(email, 'Verify your email address');
    expect(ok(await auth('POST', '/verify-email', { body: { token } })).user).to.deep.include({ id: answer.user.id, email_verified: true });
    refused(await auth('POST', '/verify-email', { body: { token } }), 400, 'invalid_token');

    const session = await login(email);
    expect(session).to.include({ token_type: 'Bearer', expires_in: 900 });
    expect(session.user).to.deep.include({ id: answer.user.id, email_verified: true });
    const me = ok(await auth('GET', '/me', { token: session.access_token }));
    expect(me).to.deep.include({ role: 'owner', memberships: [{ account_id: answer.account.id, role: 'owner' }] });
    expect(me.account).to.deep.include({ id: answer.account.id, email, status: 'active', wallet_currency: 'KES' });
  });

  it('may sign in before verifying, and sends a verification link again on request', async () => {
    const { email } = await register();
    const first = await mailedToken(email, 'Verify your email address');
    expect((await login(email)).user.email_verified).to.equal(false);
    expect(ok(await auth('POST', '/verify-email/resend', { body: { email } }), 202)).to.have.property('message');
    const second = await mailedToken(email, 'Verify your email address');
    expect(second).to.not.equal(first);
    ok(await auth('POST', '/verify-email', { body: { token: first } }));
    // Verified: a resend mails nothing more.
    const mailed = await outboxCount(email);
    ok(await auth('POST', '/verify-email/resend', { body: { email } }), 202);
    expect(await outboxCount(email)).to.equal(mailed);
  });

  it('answers known and unknown addresses alike on register, resend and forgot; the owner is told of the attempt', async () => {
    const { email: known, answer: original } = await register();
    const again = ok(await auth('POST', '/register', { body: { email: known.toUpperCase(), password: 'another long password 1' } }), 201);
    const fresh = (await register()).answer;
    expect(shapeOf(again)).to.deep.equal(shapeOf(fresh));
    expect(again.user.id).to.not.equal(original.user.id);
    expect(again.account.id).to.not.equal(original.account.id);
    const { messages } = ok(await api.request('GET', `/api/admin/outbox?to=${known}&limit=1`, { key: ADMIN_KEY }));
    expect(messages[0].subject).to.equal('Someone tried to register with your email');
    refused(await auth('POST', '/login', { body: { email: known, password: 'another long password 1' } }), 401, 'invalid_credentials');

    for (const path of ['/verify-email/resend', '/password/forgot']) {
      const answers = await Promise.all([known, 'nobody@example.com', 'not an address'].map((email) => auth('POST', path, { body: { email } })));
      expect(answers.map((res) => res.status), path).to.deep.equal([202, 202, 202]);
      expect(answers.map((res) => shapeOf(res.body)), path).to.deep.equal(Array(3).fill(shapeOf(answers[0]!.body)));
      expect(answers[0]!.body, path).to.deep.equal(answers[1]!.body);
    }
  });

  it('answers an address of an existing account (opened before users) as a new one, and creates no user', async () => {
    const email = newAddress();
    ok(await api.request('POST', '/api/admin/accounts', { key: ADMIN_KEY, body: { email } }), 201);
    const decoy = ok(await auth('POST', '/register', { body: { email, password: PASSWORD } }), 201);
    expect(decoy.account.id).to.match(/^acc_/);
    refused(await auth('POST', '/login', { body: { email, password: PASSWORD } }), 401, 'invalid_credentials');
  });

  it('answers registrations of one new address at the same moment alike: one user and account, the others the decoy', async () => {
    const email = newAddress();
    const answers = await Promise.all(Array.from({ length: 5 }, () => auth('POST', '/register', { body: { email, password: PASSWORD } })));
    expect(answers.map((res) => res.status), answers.map((res) => res.text).join('\n')).to.deep.equal([201, 201, 201, 201, 201]);
    expect(new Set(answers.map((res) => JSON.stringify(shapeOf(res.body))))).to.have.length(1);
    const { messages } = ok(await api.request('GET', `/api/admin/outbox?to=${email}&limit=10`, { key: ADMIN_KEY }));
    expect(messages.map((m: { subject: string }) => m.subject).toSorted()).to.deep.equal([...Array(4).fill('Someone tried to register with your email'), 'Verify your email address'].toSorted());
    const { users } = ok(await api.request('GET', `/api/admin/users?search=${email}`, { key: ADMIN_KEY }));
    expect(users).to.have.length(1);
  });

  it('refuses a weak password and a malformed address (422, naming the field)', async () => {
    const weak = await auth('POST', '/register', { body: { email: newAddress(), password: 'password123' } });
    expect([weak.status, weak.body.error.details[0].path]).to.deep.equal([422, 'password']);
    const malformed = await auth('POST', '/register', { body: { email: 'nope', password: PASSWORD } });
    expect([malformed.status, malformed.body.error.details[0].path]).to.deep.equal([422, 'email']);
  });

  it('rotates refresh tokens; a rotated one presented again ends the session, the newer token with it', async () => {
    const { email } = await register();
    const first = await login(email);
    const second = ok(await auth('POST', '/token/refresh', { body: { refresh_token: first.refresh_token } }));
    expect(second.refresh_token).to.not.equal(first.refresh_token);
    ok(await auth('GET', '/me', { token: second.access_token }));
    refused(await auth('POST', '/token/refresh', { body: { refresh_token: first.refresh_token } }), 401, 'invalid_refresh_token');
    refused(await auth('POST', '/token/refresh', { body: { refresh_token: second.refresh_token } }), 401, 'invalid_refresh_token');
    refused(await auth('GET', '/me', { token: second.access_token }), 401, 'unauthorized');
    // Another session of the same user is untouched.
    ok(await auth('POST', '/token/refresh', { body: { refresh_token: (await login(email)).refresh_token } }));
  });

  it('ends one session at logout, and every one at logout-all', async () => {
    const { email } = await register();
    const one = await login(email);
    expect((await auth('POST', '/logout', { body: { refresh_token: one.refresh_token } })).status).to.equal(204);
    refused(await auth('POST', '/token/refresh', { body: { refresh_token: one.refresh_token } }), 401, 'invalid_refresh_token');
    refused(await auth('GET', '/me', { token: one.access_token }), 401, 'unauthorized');

    const [a, b] = [await login(email), await login(email)];
    expect(ok(await auth('POST', '/logout-all', { token: a.access_token }))).to.deep.equal({ sessions_ended: 2 });
    for (const session of [a, b]) refused(await auth('POST', '/token/refresh', { body: { refresh_token: session.refresh_token } }), 401, 'invalid_refresh_token');
    refused(await auth('POST', '/logout-all'), 401, 'unauthorized');
  });

  it('resets a forgotten password with the mailed link: once, every session ended, the old password refused', async () => {
    const { email } = await register();
    const before = await login(email);
    ok(await auth('POST', '/password/forgot', { body: { email } }), 202);
    const token = await mailedToken(email, 'Reset your password');
    const weak = await auth('POST', '/password/reset', { body: { token, password: 'short' } });
    expect(weak.status, 'a refused password keeps the link good').to.equal(422);
    expect((await auth('POST', '/password/reset', { body: { token, password: 'a brand new passphrase' } })).status).to.equal(204);
    refused(await auth('POST', '/password/reset', { body: { token, password: 'yet another passphrase' } }), 400, 'invalid_token');
    refused(await auth('POST', '/token/refresh', { body: { refresh_token: before.refresh_token } }), 401, 'invalid_refresh_token');
    refused(await auth('GET', '/me', { token: before.access_token }), 401, 'unauthorized');
    refused(await auth('POST', '/login', { body: { email, password: PASSWORD } }), 401, 'invalid_credentials');
    expect((await login(email, 'a brand new passphrase')).user.email_verified, 'the link proved the address').to.equal(true);
  });

  it('changes the password with the current one: this session stays, the others end', async () => {
    const { email } = await register();
    const [kept, other] = [await login(email), await login(email)];
    const wrong = await auth('POST', '/password/change', { token: kept.access_token, body: { current_password: 'not my password', new_password: 'a different passphrase' } });
    expect([wrong.status, wrong.body.error.details[0].path]).to.deep.equal([422, 'current_password']);
    expect((await auth('POST', '/password/change', { token: kept.access_token, body: { current_password: PASSWORD, new_password: 'a different passphrase' } })).status).to.equal(204);
    ok(await auth('GET', '/me', { token: kept.access_token }));
    refused(await auth('POST', '/token/refresh', { body: { refresh_token: other.refresh_token } }), 401, 'invalid_refresh_token');
    await login(email, 'a different passphrase');
  });

  it('reads and changes the profile: a field left out stays, null clears it', async () => {
    const { email } = await register(undefined, { name: 'Amina', company: 'Duka' });
    const { access_token: token } = await login(email);
    expect(ok(await auth('PATCH', '/me', { token, body: { company: null } })).user).to.deep.include({ name: 'Amina', company: null });
    expect(ok(await auth('PATCH', '/me', { token, body: { name: 'Amina W.' } })).user).to.deep.include({ name: 'Amina W.', company: null });
    expect(ok(await auth('GET', '/me', { token })).user).to.deep.include({ name: 'Amina W.', company: null });
    const long = await auth('PATCH', '/me', { token, body: { name: 'x'.repeat(121) } });
    expect([long.status, long.body.error.details[0].path]).to.deep.equal([422, 'name']);
    refused(await auth('GET', '/me', { token: 'not.a.jwt' }), 401, 'unauthorized');
    refused(await auth('GET', '/me'), 401, 'unauthorized');
  });

  it('slows one client address guessing at one email (5 failures free, then 429 with a Retry-After that doubles), and never locks the person out', async () => {
    const { email } = await register();
    const attempt = (password: string) => auth('POST', '/login', { body: { email, password }, ip: '198.51.100.10' });
    for (let failure = 1; failure <= 5; failure++) refused(await attempt('wrong password!'), 401, 'invalid_credentials');
    const held = await attempt(PASSWORD);
    refused(held, 429, 'rate_limited');
    expect([held.headers.get('Retry-After'), held.body.error.retry_after], 'even the right password waits, unchecked').to.deep.equal(['1', 1]);
    clock.offsetMs += 1_000;
    refused(await attempt('wrong password!'), 401, 'invalid_credentials');
    const longer = await attempt(PASSWORD);
    refused(longer, 429, 'rate_limited');
    expect(longer.headers.get('Retry-After'), 'the wait doubles').to.equal('2');
    clock.offsetMs += 2_000;
    ok(await attempt(PASSWORD));
  });

  it('lets the right password in from an address that never failed while 60 others guess at the account, and holds those back', async () => {
    const { email } = await register();
    for (let failure = 1; failure <= 60; failure++) {
      refused(await auth('POST', '/login', { body: { email, password: 'wrong password!' }, ip: `198.51.100.${failure}` }), 401, 'invalid_credentials');
    }
    refused(await auth('POST', '/login', { body: { email, password: 'wrong password!' }, ip: '198.51.100.1' }), 429, 'rate_limited');
    ok(await auth('POST', '/login', { body: { email, password: PASSWORD }, ip: '198.51.100.99' }));
  });

  it("holds a client address back only past 100 failures an hour at any emails, and for a second at first: its neighbours get in", async () => {
    const { email } = await register();
    for (let failure = 1; failure <= 100; failure++) {
      refused(await auth('POST', '/login', { body: { email: `guess${failure}@example.com`, password: 'wrong password!' }, ip: '203.0.113.7' }), 401, 'invalid_credentials');
    }
    const held = await auth('POST', '/login', { body: { email, password: PASSWORD }, ip: '203.0.113.7' });
    refused(held, 429, 'rate_limited');
    expect(held.headers.get('Retry-After')).to.equal('1');
    ok(await auth('POST', '/login', { body: { email, password: PASSWORD }, ip: '203.0.113.8' }));
    clock.offsetMs += 1_000;
    ok(await auth('POST', '/login', { body: { email, password: PASSWORD }, ip: '203.0.113.7' }));
  });
});
