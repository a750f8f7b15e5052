import { expect } from 'chai';
import { FakeClock } from '@tuma/kernel/testing';
import { ConsoleClient } from '../../support/console-client.ts';
import { ADMIN_KEY, startTestServer, type TestServer } from '../../support/test-server.ts';

const PASSWORD = 'correct horse battery staple 42';
const MINUTE = 60_000;

describe('web console sessions: cookie, CSRF and timeouts (docs/dashboard.md)', () => {
  let api: TestServer;
  const clock = new FakeClock(Date.now());

  before(async () => {
    api = await startTestServer({ PASSWORD_HASH_COST: '10' }, { clock });
  });
  after(async () => api.stop());

  /** A registered, verified user signed in through the console's forms. */
  async function signedIn(email: string): Promise<ConsoleClient> {
    const client = new ConsoleClient(`${api.baseUrl}/app`);
    await client.get('/sign-up');
    expect((await client.post('/sign-up', { email, password: PASSWORD })).status).to.equal(201);
    await client.get('/sign-in');
    const answer = await client.post('/sign-in', { email, password: PASSWORD });
    expect([answer.status, answer.location]).to.deep.equal([303, '/app/']);
    expect((await client.get('/')).status).to.equal(200);
    return client;
  }

  const keysOf = async (client: ConsoleClient) => (await client.get('/developers/keys')).html.match(/<code>svc_/g)?.length ?? 0;

  it('refuses every form posted without the session form token with 403, and changes nothing', async () => {
    const client = await signedIn('csrf@example.com');
    const before = await keysOf(client);
    for (const token of [false, 'forged-token-of-the-right-length-0123'] as const) {
      const refused = await client.post('/developers/keys', { environment: 'test', scopes: 'send' }, { csrf: token });
      expect(refused.status).to.equal(403);
      expect(refused.html).to.contain('did not come from the console');
    }
    expect(await keysOf(client)).to.equal(before);
    // Signed out, too: a sign-in form posted from elsewhere (login CSRF) is refused before any password check.
    const stranger = new ConsoleClient(`${api.baseUrl}/app`);
    expect((await stranger.post('/sign-in', { email: 'csrf@example.com', password: PASSWORD }, { csrf: false })).status).to.equal(403);
    const accepted = await client.post('/developers/keys', { environment: 'test', scopes: 'send' });
    expect(accepted.status).to.equal(303);
    expect(await keysOf(client)).to.equal(before + 1);
  });

  it('keeps nothing readable or forgeable in the cookie: an altered cookie is no session', async () => {
    const client = await signedIn('forge@example.com');
    const value = client.cookieValue!;
    expect(value).to.match(/^v1\./);
    expect(Buffer.from(value.slice(3), 'base64url').toString('latin1')).to.not.contain('forge@example.com');
    const last = value.at(-2) === 'A' ? 'B' : 'A';
    client.cookieValue = `${value.slice(0, -2)}${last}${value.at(-1)}`;
    const answer = await client.get('/developers/keys');
    expect([answer.status, answer.location]).to.deep.equal([303, '/app/sign-in?next=%2Fapp%2Fdevelopers%2Fkeys']);
  });

  it('renews the 15-minute access token with the refresh token while the visitor is active', async () => {
    const client = await signedIn('renew@example.com');
    for (let step = 0; step < 4; step++) {
      clock.advance(20 * MINUTE);
      const page = await client.get('/');
      expect(page.status, `after ${(step + 1) * 20} minutes`).to.equal(200);
    }
  });

  it('renews once for requests sent together with one stale cookie: none of them counts as a refresh token reused', async () => {
    const client = await signedIn('together@example.com');
    clock.advance(16 * MINUTE);
    const cookie = client.cookieValue;
    const copies = [0, 1, 2, 3].map(() => {
      const copy = new ConsoleClient(`${api.baseUrl}/app`);
      copy.cookieValue = cookie;
      return copy;
    });
    const answers = await Promise.all(copies.map((copy) => copy.get('/')));
    expect(answers.map((answer) => answer.status)).to.deep.equal([200, 200, 200, 200]);
    // The session lives on: had two of them refreshed, the account service would have ended it.
    expect((await copies[3]!.get('/developers/keys')).status).to.equal(200);
  });

  it('changes the password from the profile page: this session stays, every other one ends', async () => {
    const client = await signedIn('change@example.com');
    const other = new ConsoleClient(`${api.baseUrl}/app`);
    await other.get('/sign-in');
    expect((await other.post('/sign-in', { email: 'change@example.com', password: PASSWORD })).status).to.equal(303);
    await client.get('/account');
    const wrong = await client.post('/account/password', { current_password: 'not it at all 123', new_password: 'a brand new passphrase 7' });
    expect(wrong.status).to.equal(422);
    expect(wrong.html).to.match(/id="f-current_password-error">Not the current password</);
    const changed = await client.post('/account/password', { current_password: PASSWORD, new_password: 'a brand new passphrase 7' });
    expect([changed.status, changed.location]).to.deep.equal([303, '/app/account']);
    expect((await client.get('/account')).html).to.contain('Password changed');
    expect((await other.get('/')).status, 'the other browser is signed out').to.equal(303);
  });

  it('resets a forgotten password through the mailed link (a refused one said next to its field, the link still good), then signs in with it', async () => {
    await signedIn('forgot@example.com');
    const client = new ConsoleClient(`${api.baseUrl}/app`);
    await client.get('/forgot-password');
    expect((await client.post('/forgot-password', { email: 'forgot@example.com' })).status).to.equal(202);
    const outbox = await api.request('GET', `/api/admin/outbox?to=forgot%40example.com&limit=1`, { key: ADMIN_KEY });
    const link = /(http\S+\/app\/reset-password\?token=([0-9A-Za-z]+))/.exec(outbox.body.messages[0].text)!;
    const page = await client.get(`/reset-password?token=${link[2]}`);
    expect(page.html).to.contain(`value="${link[2]}"`);
    const refused = await client.post('/reset-password', { token: link[2]!, password: 'short' });
    expect(refused.status).to.equal(422);
    expect(refused.html).to.match(/id="f-password-error"/);
    const reset = await client.post('/reset-password', { token: link[2]!, password: 'a fresh and long passphrase 9' });
    expect([reset.status, reset.location]).to.deep.equal([303, '/app/sign-in']);
    expect((await client.get('/sign-in')).html).to.contain('Your password is changed');
    expect((await client.post('/sign-in', { email: 'forgot@example.com', password: PASSWORD })).status, 'the old password').to.equal(401);
    expect((await client.post('/sign-in', { email: 'forgot@example.com', password: 'a fresh and long passphrase 9' })).status).to.equal(303);
  });

  it('signs out after 30 minutes idle, ending the account-service session', async () => {
    const client = await signedIn('idle@example.com');
    const copy = client.cookieValue;
    clock.advance(31 * MINUTE);
    const answer = await client.get('/');
    expect([answer.status, answer.location]).to.deep.equal([303, '/app/sign-in?next=%2Fapp%2F']);
    expect((await client.get('/sign-in')).html).to.contain('Your session timed out');
    // The session is over at the account service too: a copy of the cookie, back when it was
    // fresh (its access token still within its 15 minutes), is no session any more.
    clock.advance(-31 * MINUTE);
    const stale = new ConsoleClient(`${api.baseUrl}/app`);
    stale.cookieValue = copy;
    expect((await stale.get('/')).status).to.equal(303);
    clock.advance(31 * MINUTE);
  });

  it('signs out 12 hours after the sign-in however active the visitor is', async () => {
    const client = await signedIn('absolute@example.com');
    let status = 200;
    let minutes = 0;
    while (status === 200 && minutes < 13 * 60) {
      clock.advance(25 * MINUTE);
      minutes += 25;
      status = (await client.get('/')).status;
    }
    expect(status).to.equal(303);
    expect(minutes).to.be.within(12 * 60, 12 * 60 + 25);
  });
});
