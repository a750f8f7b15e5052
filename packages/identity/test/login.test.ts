import { expect } from 'chai';
import { InMemoryPasswordHasher } from '../src/testing/index.ts';
import { PASSWORD, identityFixture } from './support/identity-fixture.ts';

const MINUTE = 60 * 1000;

describe('identity: login', () => {
  // The token's form (an Ed25519 JWT) is JoseAccessTokens' (adapters/identity/test/jose-access-tokens.test.ts).
  it('signs in with a 15-minute access token naming the user, account, role and session', async () => {
    const { ports, clock, register, login } = await identityFixture();
    const { userId, accountId } = await register('amina@example.com');
    const session = (await login('AMINA@example.com'))._unsafeUnwrap();
    expect(session).to.deep.include({ tokenType: 'Bearer', expiresIn: 900, accountId, role: 'owner' });
    expect(session.user).to.deep.include({ id: userId, emailVerified: true });
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
    expect(verified.every((hash) => hash.startsWith('fake$1$')), "each the hasher's own").to.equal(true);
  });

  it('lets an unverified user sign in, saying so', async () => {
    const { register, login } = await identityFixture();
    await register('new@example.com', { verified: false });
    expect((await login('new@example.com'))._unsafeUnwrap().user.emailVerified).to.equal(false);
  });

  it('slows one client address guessing at one email: 5 failures free, then waits that double from 1 s up to 15 minutes, never a lock', async () => {
    const { clock, register, login } = await identityFixture();
    await register('target@example.com');
    const guess = () => login('target@example.com', '198.51.100.7', 'wrong password!');
    for (let i = 0; i < 5; i++) expect((await guess())._unsafeUnwrapErr().type).to.equal('invalid_credentials');
    const waits: number[] = [];
    for (let i = 0; i < 12; i++) {
      const held = (await guess())._unsafeUnwrapErr();
      expect(held.type, 'held back at once, unchecked').to.equal('rate_limited');
      waits.push((held as { retryAfter: number }).retryAfter);
      clock.advance(waits.at(-1)! * 1000);
      expect((await guess())._unsafeUnwrapErr().type, 'checked once the wait is over').to.equal('invalid_credentials');
    }
    expect(waits).to.deep.equal([1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 900, 900]);
    expect((await login('target@example.com', '198.51.100.7'))._unsafeUnwrapErr(), 'the right password waits its turn too').to.deep.include({ type: 'rate_limited', retryAfter: 900 });
    clock.advance(900 * 1000);
    expect((await login('target@example.com', '198.51.100.7')).isOk(), 'and is let in after it').to.equal(true);
  });

  it('lets the right password in from an address that never failed while the account is attacked from 60 others, and slows those', async () => {
    const { clock, register, login } = await identityFixture();
    await register('target@example.com');
    for (let i = 0; i < 60; i++) {
      expect((await login('target@example.com', `198.51.100.${i}`, 'wrong password!'))._unsafeUnwrapErr().type).to.equal('invalid_credentials');
      clock.advance(1000);
    }
    const again = (await login('target@example.com', '198.51.100.0', 'wrong password!'))._unsafeUnwrapErr();
    expect(again.type, "past the account's 50, an address that failed there waits").to.equal('rate_limited');
    expect((await login('target@example.com', '192.0.2.99')).isOk(), 'an address that never failed there is let in').to.equal(true);
  });

  it('lets the person who mistyped during such an attack back in once they reset the password by mail', async () => {
    const { identity, clock, register, login, mailedToken } = await identityFixture();
    await register('target@example.com');
    for (let i = 0; i < 60; i++) await login('target@example.com', `198.51.100.${i}`, 'wrong password!');
    clock.advance(1000);
    expect((await login('target@example.com', '198.51.100.0'))._unsafeUnwrapErr().type, 'held: this address failed here').to.equal('rate_limited');
    (await identity.forgotPassword.execute('target@example.com'))._unsafeUnwrap();
    (await identity.resetPassword.execute({ token: mailedToken('target@example.com'), password: 'a brand new passphrase' }))._unsafeUnwrap();
    expect((await login('target@example.com', '198.51.100.0', 'a brand new passphrase')).isOk()).to.equal(true);
  });

  it("holds a client address's tries at any emails only past 100 failures an hour, and then for a minute at most: its neighbours get in", async () => {
    const { clock, register, login } = await identityFixture();
    await register('neighbour@example.com');
    for (let i = 0; i < 100; i++) expect((await login(`guess${i}@example.com`, '198.51.100.66', 'wrong password!'))._unsafeUnwrapErr().type).to.equal('invalid_credentials');
    const held = (await login('neighbour@example.com', '198.51.100.66'))._unsafeUnwrapErr();
    expect(held).to.deep.include({ type: 'rate_limited', retryAfter: 1 });
    expect((await login('neighbour@example.com', '198.51.100.67')).isOk(), 'another address is not held').to.equal(true);
    for (let i = 100; i < 110; i++) {
      clock.advance(60_000);
      expect((await login(`guess${i}@example.com`, '198.51.100.66', 'wrong password!'))._unsafeUnwrapErr().type).to.equal('invalid_credentials');
    }
    expect((await login('neighbour@example.com', '198.51.100.66'))._unsafeUnwrapErr(), 'the wait is capped at a minute').to.deep.include({ retryAfter: 60 });
    clock.advance(60_000);
    expect((await login('neighbour@example.com', '198.51.100.66')).isOk()).to.equal(true);
  });

  it("forgets the pair's failures on a success, not the account's nor the address's", async () => {
    const { ports, clock, register, login } = await identityFixture();
    await register('real@example.com');
    for (let i = 0; i < 4; i++) await login('real@example.com', '198.51.100.5', 'wrong password!');
    expect((await login('real@example.com', '198.51.100.5')).isOk()).to.equal(true);
    const [pair, account, address] = await ports.failureLog.recent(['login:pair:198.51.100.5|real@example.com', 'login:subject:real@example.com', 'login:ip:198.51.100.5'], new Date(0), 10);
    expect([pair, account, address].map((times) => times!.length), 'the success itself is not counted').to.deep.equal([0, 4, 4]);
    clock.advance(1000);
    for (let i = 0; i < 5; i++) expect((await login('real@example.com', '198.51.100.5', 'wrong password!'))._unsafeUnwrapErr().type).to.equal('invalid_credentials');
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
    old.changePassword(await new InMemoryPasswordHasher(0).hash(PASSWORD), old.toSnapshot().updatedAt);
    await ports.users.save(old);
    expect((await login('old@example.com')).isOk()).to.equal(true);
    expect((await ports.users.findById(userId))!.passwordHash).to.match(/^fake\$1\$/);
  });
});
