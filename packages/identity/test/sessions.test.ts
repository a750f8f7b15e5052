import { expect } from 'chai';
import { SESSION_POLICY } from '../src/index.ts';
import { identityFixture } from './support/identity-fixture.ts';

const DAY = 24 * 60 * 60 * 1000;

describe('identity: sessions (refresh rotation, reuse, logout)', () => {
  it('turns a refresh token over for a new one and a new access token', async () => {
    const { identity, register, login } = await identityFixture();
    await register('amina@example.com');
    const first = (await login('amina@example.com'))._unsafeUnwrap();
    const second = (await identity.refreshSession.execute(first.refreshToken))._unsafeUnwrap();
    expect(second.sessionId).to.equal(first.sessionId);
    expect(second.refreshToken).to.not.equal(first.refreshToken);
    expect((await identity.authenticateAccessToken.execute(second.accessToken))._unsafeUnwrap()).to.deep.include({ role: 'owner', sessionId: first.sessionId });
    expect((await identity.refreshSession.execute(second.refreshToken)).isOk()).to.equal(true);
  });

  it('ends the whole session when a replaced refresh token comes back', async () => {
    const { identity, ports, register, login } = await identityFixture();
    await register('amina@example.com');
    const stolen = (await login('amina@example.com'))._unsafeUnwrap();
    const legitimate = (await identity.refreshSession.execute(stolen.refreshToken))._unsafeUnwrap();
    expect((await identity.refreshSession.execute(stolen.refreshToken))._unsafeUnwrapErr().type).to.equal('invalid_refresh_token');
    expect((await ports.sessions.findById(stolen.sessionId))?.endReason).to.equal('reuse_detected');
    expect((await identity.refreshSession.execute(legitimate.refreshToken))._unsafeUnwrapErr().type).to.equal('invalid_refresh_token');
    expect((await identity.authenticateAccessToken.execute(legitimate.accessToken))._unsafeUnwrapErr().type).to.equal('unauthorized');
  });

  it('lets one of two simultaneous refreshes with one token rotate it; the other counts as reuse and ends the session', async () => {
    const { identity, register, login } = await identityFixture();
    await register('amina@example.com');
    const session = (await login('amina@example.com'))._unsafeUnwrap();
    const answers = await Promise.all([identity.refreshSession.execute(session.refreshToken), identity.refreshSession.execute(session.refreshToken)]);
    // Which of the two wins depends on the interleaving: exactly one does.
    expect(answers.map((answer) => answer.isOk()).toSorted()).to.deep.equal([false, true]);
    for (const answer of answers) if (answer.isOk()) expect((await identity.refreshSession.execute(answer.value.refreshToken)).isErr()).to.equal(true);
  });

  it('refuses an unknown token, an idle one after 30 days, and any after 90 days', async () => {
    const { identity, clock, register, login } = await identityFixture();
    await register('amina@example.com');
    expect((await identity.refreshSession.execute('not-a-token'))._unsafeUnwrapErr().type).to.equal('invalid_refresh_token');
    const idle = (await login('amina@example.com'))._unsafeUnwrap();
    clock.advance(30 * DAY);
    expect((await identity.refreshSession.execute(idle.refreshToken)).isErr()).to.equal(true);

    let token = (await login('amina@example.com'))._unsafeUnwrap().refreshToken;
    for (const _ of [29, 58, 87]) {
      clock.advance(29 * DAY);
      token = (await identity.refreshSession.execute(token))._unsafeUnwrap().refreshToken;
    }
    clock.advance(3 * DAY);
    expect((await identity.refreshSession.execute(token)).isErr()).to.equal(true);
  });

  it('logs out one session, or all of them', async () => {
    const { identity, register, login } = await identityFixture();
    const { userId } = await register('amina@example.com');
    const [one, two, three] = [(await login('amina@example.com'))._unsafeUnwrap(), (await login('amina@example.com'))._unsafeUnwrap(), (await login('amina@example.com'))._unsafeUnwrap()];
    (await identity.logout.execute(one.refreshToken))._unsafeUnwrap();
    expect((await identity.logout.execute('unknown')).isOk()).to.equal(true);
    expect((await identity.refreshSession.execute(one.refreshToken)).isErr()).to.equal(true);
    expect((await identity.authenticateAccessToken.execute(one.accessToken)).isErr()).to.equal(true);
    expect((await identity.authenticateAccessToken.execute(two.accessToken)).isOk()).to.equal(true);
    expect((await identity.logoutAll.execute(userId))._unsafeUnwrap()).to.equal(2);
    for (const session of [two, three]) expect((await identity.refreshSession.execute(session.refreshToken)).isErr()).to.equal(true);
  });

  it("switches a session to another of the user's accounts (a new session there, the old one ended); not to an account they are no member of", async () => {
    const { identity, ports, register, login, mailedToken } = await identityFixture();
    const amina = await register('amina@example.com');
    const baraka = await register('baraka@example.com');
    (await identity.inviteMember.execute({ userId: baraka.userId, accountId: baraka.accountId }, { email: 'amina@example.com', role: 'developer' }))._unsafeUnwrap();
    (await identity.acceptInvite.execute({ token: mailedToken('amina@example.com') }))._unsafeUnwrap();
    const first = (await login('amina@example.com'))._unsafeUnwrap();
    expect(first.accountId, 'a login opens the first account').to.equal(amina.accountId);

    const switched = (await identity.switchAccount.execute({ userId: amina.userId, sessionId: first.sessionId, accountId: baraka.accountId }))._unsafeUnwrap();
    expect(switched).to.deep.include({ accountId: baraka.accountId, role: 'developer' });
    expect(switched.sessionId).to.not.equal(first.sessionId);
    expect((await identity.authenticateAccessToken.execute(switched.accessToken))._unsafeUnwrap()).to.deep.include({ accountId: baraka.accountId, role: 'developer' });
    expect((await identity.authenticateAccessToken.execute(first.accessToken)).isErr(), 'the session it came from ended').to.equal(true);
    expect((await ports.sessions.findById(first.sessionId))?.endReason).to.equal('logout');

    const stranger = await register('kofi@example.com');
    const refused = await identity.switchAccount.execute({ userId: amina.userId, sessionId: switched.sessionId, accountId: stranger.accountId });
    expect(refused._unsafeUnwrapErr().type).to.equal('not_found');
    expect((await identity.authenticateAccessToken.execute(switched.accessToken)).isOk(), 'a refused switch ends nothing').to.equal(true);
  });

  it(`keeps at most ${SESSION_POLICY.perUser} sessions a user, ending the oldest`, async () => {
    const { identity, clock, register, login } = await identityFixture();
    await register('amina@example.com');
    const sessions = [];
    for (let i = 0; i <= SESSION_POLICY.perUser; i++) {
      sessions.push((await login('amina@example.com'))._unsafeUnwrap());
      clock.advance(1000);
    }
    expect((await identity.refreshSession.execute(sessions[0]!.refreshToken)).isErr()).to.equal(true);
    expect((await identity.refreshSession.execute(sessions[1]!.refreshToken)).isOk()).to.equal(true);
  });

  it("refuses an access token it did not issue: another service's, or garbage", async () => {
    const { identity, register, login } = await identityFixture();
    await register('amina@example.com');
    const other = await identityFixture();
    await other.register('amina@example.com');
    const foreign = (await other.login('amina@example.com'))._unsafeUnwrap();
    await login('amina@example.com');
    for (const token of [foreign.accessToken, 'garbage']) {
      expect((await identity.authenticateAccessToken.execute(token))._unsafeUnwrapErr().type).to.equal('unauthorized');
    }
  });
});
