import { expect } from 'chai';
import { PASSWORD, identityFixture } from './support/identity-fixture.ts';

/** The client address registrations come from. */
const IP = '203.0.113.9';

describe('identity: registration and email verification', () => {
  it('registers a user with an account they own, and mails a verification link', async () => {
    const { identity, ports, mailedToken } = await identityFixture();
    const registration = (await identity.registerUser.execute({ email: ' Amina@Example.COM ', password: PASSWORD, name: ' Amina ', company: 'Duka', ip: IP }))._unsafeUnwrap();
    expect(registration.user).to.deep.include({ email: 'amina@example.com', name: 'Amina', company: 'Duka', emailVerified: false });
    expect(registration.account.id).to.match(/^acc_/);
    expect(ports.accountOpening.opened.get('amina@example.com')).to.deep.equal(registration.account);
    expect(await ports.memberships.find(registration.account.id, registration.user.id)).to.deep.include({ role: 'owner' });
    const stored = (await ports.users.findById(registration.user.id))!.toSnapshot();
    expect(stored.passwordHash).to.match(/^fake\$1\$/);
    expect(ports.mailer.sent.map((mail) => mail.subject)).to.deep.equal(['Verify your email address']);
    expect(mailedToken('amina@example.com')).to.have.length(43);
  });

  it('answers a known address exactly as a new one, creating nothing, and tells its owner instead', async () => {
    const { identity, ports, register } = await identityFixture();
    const first = await register('kofi@example.com');
    const again = (await identity.registerUser.execute({ email: 'KOFI@example.com', password: 'another long secret', name: 'Eve', ip: IP }))._unsafeUnwrap();
    expect(Object.keys(again.user)).to.deep.equal(['id', 'email', 'name', 'company', 'emailVerified', 'status', 'createdAt']);
    expect(again.user).to.deep.include({ email: 'kofi@example.com', name: 'Eve', emailVerified: false });
    expect(again.user.id).to.match(/^usr_/).and.not.equal(first.userId);
    expect(again.account.id).to.match(/^acc_/).and.not.equal(first.accountId);
    expect(await ports.users.findById(again.user.id)).to.equal(undefined);
    expect(await ports.memberships.listOfUser(first.userId)).to.have.length(1);
    expect(ports.mailer.lastTo('kofi@example.com')?.subject).to.equal('Someone tried to register with your email');
  });

  it('answers the same when an account (without a user) has the address', async () => {
    const { identity, ports } = await identityFixture();
    ports.accountOpening.opened.set('ops@example.com', { id: 'acc_legacy' });
    const answer = (await identity.registerUser.execute({ email: 'ops@example.com', password: PASSWORD, ip: IP }))._unsafeUnwrap();
    expect(answer.account.id).to.not.equal('acc_legacy');
    expect(await ports.users.findByEmail('ops@example.com')).to.equal(undefined);
    expect(ports.mailer.lastTo('ops@example.com')?.subject).to.equal('Someone tried to register with your email');
  });

  it('refuses a bad address, a short, long or common password, and one that is the address', async () => {
    const { identity } = await identityFixture();
    const refused = async (email: string, password: string) => {
      const error = (await identity.registerUser.execute({ email, password, ip: IP }))._unsafeUnwrapErr();
      if (error.type !== 'validation_error') throw new Error(`Not a validation error: ${error.type}`);
      return error;
    };
    expect(await refused('nope', PASSWORD)).to.deep.include({ type: 'validation_error' });
    expect((await refused('a@example.com', 'short')).details).to.deep.equal([{ path: 'password', message: 'At least 10 characters' }]);
    expect((await refused('a@example.com', 'x'.repeat(129))).details[0]?.message).to.equal('At most 128 characters');
    expect((await refused('a@example.com', 'Qwertyuiop')).details[0]?.message).to.match(/commonly used/);
    expect((await refused('longname@example.com', 'LongName@example.com')).details[0]?.message).to.match(/cannot be the email/);
  });

  it('verifies the address once (and so its account, for live traffic), and not after 24 hours', async () => {
    const { identity, clock, register, mailedToken, ports } = await identityFixture();
    await register('ada@example.com', { verified: false });
    const token = mailedToken('ada@example.com');
    expect(ports.accountOpening.verified.has('ada@example.com')).to.equal(false);
    expect((await identity.verifyEmail.execute(token))._unsafeUnwrap().emailVerified).to.equal(true);
    expect(ports.accountOpening.verified.has('ada@example.com')).to.equal(true);
    expect((await identity.verifyEmail.execute(token))._unsafeUnwrapErr()).to.deep.include({ type: 'invalid_token', purpose: 'verify_email' });

    await register('late@example.com', { verified: false });
    clock.advance(24 * 60 * 60 * 1000);
    expect((await identity.verifyEmail.execute(mailedToken('late@example.com')))._unsafeUnwrapErr().type).to.equal('invalid_token');
  });

  it('resends a link only to an unverified user, and always answers the same', async () => {
    const { identity, ports, register, mailedToken } = await identityFixture();
    await register('new@example.com', { verified: false });
    await register('done@example.com');
    const before = ports.mailer.sent.length;
    for (const email of ['new@example.com', 'done@example.com', 'nobody@example.com', 'not an email']) {
      expect((await identity.resendVerification.execute(email)).isOk()).to.equal(true);
    }
    expect(ports.mailer.sent.slice(before).map((mail) => mail.to)).to.deep.equal(['new@example.com']);
    expect((await identity.verifyEmail.execute(mailedToken('new@example.com'))).isOk()).to.equal(true);
  });
});
