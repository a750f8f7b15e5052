import { expect } from 'chai';
import { ScryptPasswordHasher } from '../src/index.ts';
import { PASSWORD, identityFixture } from './support/identity-fixture.ts';

const MINUTE = 60 * 1000;

describe('identity: login', () => {
  it('signs in with a 15-minute Ed25519 access token naming the user, account, role and session', async () => {
    const { ports, clock, register, login } = await identityFixture();
    const { userId, accountId } = await register('amina@example.com');
    const session = (await login('AMINA@example.com'))._unsafeUnwrap();
    expect(session).to.deep.include({ tokenType: 'Bearer', expiresIn: 900, accountId, role: 'owner' });
    expect(session.user).to.deep.include({ id: userId, emailVerified: true });
    expect(JSON.parse(Buffer.from(session.accessToken.split('.')[0]!, 'base64url').toString())).to.deep.include({ alg: 'EdDSA', typ: 'JWT' });
    const claims = await ports.accessTokens.verify(session.accessToken, clock.now());
    expect(claims).to.deep.equal({ userId, accountId, role: 'owner', sessionId: session.sessionId });
    expect(await ports.accessTokens.verify(session.accessToken, new Date(clock.now().getTime() + 15 * MINUTE + 1000))).to.equal(undefined);
  });

  it('gives a wrong password and an unknown address the same error, after checking a hash for both', async () => {
    const { ports, register, login } = await identityFixture();
    await register('kofi@example.com');
    const verified: string[] = [];
    const verify = ports.hasher.verify.bind(ports.hasher);
    ports.hasher.verify = async (password, encoded) => {
      verified.push(encoded);
      return verify(password, encoded);
    };
    const wrong = (await login('kofi@example.com', '198.51.100.1', 'wrong password!'))._unsafeUnwrapErr();
    const unknown = (await login('nobody@example.com', '198.51.100.1'))._unsafeUnwrapErr();
    const malformed = (await login('not an email', '198.51.100.1'))._unsafeUnwrapErr();
    expect(wrong).to.deep.equal(unknown).and.deep.equal(malformed).and.deep.equal({ type: 'invalid_credentials', message: 'Invalid email or password' });
    expect(verified).to.have.length(3);
    expect(verified.every((hash) => hash.startsWith('scrypt$1024$8$1$'))).to.equal(true);
  });

  it('lets an unverified user sign in, saying so', async () => {
    const { register, login } = await identityFixture();
    await register('new@example.com', { verified: false });
    expect((await login('new@example.com'))._unsafeUnwrap().user.emailVerified).to.equal(false);
  });

  it('holds an address back after 10 failures in 15 minutes, from any client, until the 10th newest leaves the window', async () => {
    const { clock, register, login } = await identityFixture();
    await register('target@example.com');
    for (let i = 0; i < 10; i++) {
      expect((await login('target@example.com', `198.51.100.${i}`, 'wrong password!'))._unsafeUnwrapErr().type).to.equal('invalid_credentials');
      clock.advance(MINUTE);
    }
    const held = (await login('target@example.com', '192.0.2.99'))._unsafeUnwrapErr();
    expect(held).to.deep.include({ type: 'rate_limited', retryAfter: 5 * 60 });
    clock.advance(5 * MINUTE);
    expect((await login('target@example.com', '192.0.2.99')).isOk()).to.equal(true);
  });

  it('holds a client address back after 10 failures whatever the addresses tried', async () => {
    const { register, login } = await identityFixture();
    await register('real@example.com');
    for (let i = 0; i < 10; i++) await login(`guess${i}@example.com`, '198.51.100.66');
    expect((await login('real@example.com', '198.51.100.66'))._unsafeUnwrapErr().type).to.equal('rate_limited');
    expect((await login('real@example.com', '198.51.100.67')).isOk()).to.equal(true);
  });

  it("clears the address's failures on a success, not the client address's", async () => {
    const { ports, register, login } = await identityFixture();
    await register('real@example.com');
    for (let i = 0; i < 9; i++) await login('real@example.com', '198.51.100.5', 'wrong password!');
    expect((await login('real@example.com', '198.51.100.5')).isOk()).to.equal(true);
    expect(await ports.loginAttempts.recentFailures('email:real@example.com', new Date(0), 10)).to.deep.equal([]);
    expect(await ports.loginAttempts.recentFailures('ip:198.51.100.5', new Date(0), 10)).to.have.length(9);
  });

  it('refuses a disabled user (after the password) and ends their sessions at once', async () => {
    const { identity, register, login } = await identityFixture();
    const { userId } = await register('gone@example.com');
    const session = (await login('gone@example.com'))._unsafeUnwrap();
    (await identity.disableUser.execute(userId))._unsafeUnwrap();
    expect((await login('gone@example.com'))._unsafeUnwrapErr().type).to.equal('user_disabled');
    expect((await login('gone@example.com', '203.0.113.7', 'wrong password!'))._unsafeUnwrapErr().type).to.equal('invalid_credentials');
    expect((await identity.authenticateAccessToken.execute(session.accessToken))._unsafeUnwrapErr().type).to.equal('unauthorized');
    expect((await identity.refreshSession.execute(session.refreshToken))._unsafeUnwrapErr().type).to.equal('invalid_refresh_token');
    expect((await identity.forgotPassword.execute('gone@example.com')).isOk()).to.equal(true);
  });

  it('rehashes a password hashed with older parameters at the login that proves it', async () => {
    const { ports, register, login } = await identityFixture();
    const { userId } = await register('old@example.com');
    const old = (await ports.users.findById(userId))!;
    old.changePassword(await new ScryptPasswordHasher({ N: 2 ** 9, r: 8, p: 1 }).hash(PASSWORD), old.toSnapshot().updatedAt);
    await ports.users.save(old);
    expect((await login('old@example.com')).isOk()).to.equal(true);
    expect((await ports.users.findById(userId))!.passwordHash).to.match(/^scrypt\$1024\$/);
  });
});
