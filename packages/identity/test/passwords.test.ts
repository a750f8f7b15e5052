import { expect } from 'chai';
import { PASSWORD, identityFixture } from './support/identity-fixture.ts';

const NEW_PASSWORD = 'a brand new passphrase';

describe('identity: forgotten, reset and changed passwords', () => {
  it('always accepts a forgotten-password request, and mails only an active user', async () => {
    const { identity, ports, register } = await identityFixture();
    await register('amina@example.com');
    for (const email of ['nobody@example.com', 'not an email']) expect((await identity.forgotPassword.execute(email)).isOk()).to.equal(true);
    expect(ports.mailer.sent.filter((mail) => mail.subject === 'Reset your password')).to.deep.equal([]);
    expect((await identity.forgotPassword.execute('Amina@example.com')).isOk()).to.equal(true);
    expect(ports.mailer.lastTo('amina@example.com')?.subject).to.equal('Reset your password');
  });

  it('resets the password once, ends every session, and voids older links', async () => {
    const { identity, mailedToken, register, login } = await identityFixture();
    await register('amina@example.com');
    const session = (await login('amina@example.com'))._unsafeUnwrap();
    await identity.forgotPassword.execute('amina@example.com');
    const older = mailedToken('amina@example.com');
    await identity.forgotPassword.execute('amina@example.com');
    const token = mailedToken('amina@example.com');
    expect((await identity.resetPassword.execute({ token: older, password: NEW_PASSWORD }))._unsafeUnwrapErr()).to.deep.include({ type: 'invalid_token' });

    (await identity.resetPassword.execute({ token, password: NEW_PASSWORD }))._unsafeUnwrap();
    expect((await identity.resetPassword.execute({ token, password: 'yet another passphrase' }))._unsafeUnwrapErr().type).to.equal('invalid_token');
    expect((await identity.refreshSession.execute(session.refreshToken)).isErr()).to.equal(true);
    expect((await identity.authenticateAccessToken.execute(session.accessToken)).isErr()).to.equal(true);
    expect((await login('amina@example.com'))._unsafeUnwrapErr().type).to.equal('invalid_credentials');
    expect((await login('amina@example.com', '203.0.113.7', NEW_PASSWORD)).isOk()).to.equal(true);
  });

  it('keeps the link good when the new password is refused, and lets it lapse after an hour', async () => {
    const { identity, clock, mailedToken, register } = await identityFixture();
    await register('amina@example.com');
    await identity.forgotPassword.execute('amina@example.com');
    const token = mailedToken('amina@example.com');
    expect((await identity.resetPassword.execute({ token, password: 'password123' }))._unsafeUnwrapErr().type).to.equal('validation_error');
    clock.advance(60 * 60 * 1000);
    expect((await identity.resetPassword.execute({ token, password: NEW_PASSWORD }))._unsafeUnwrapErr().type).to.equal('invalid_token');
  });

  it('verifies the address (and its account) of a user who resets through the mailed link', async () => {
    const { identity, mailedToken, register, login, ports } = await identityFixture();
    await register('amina@example.com', { verified: false });
    await identity.forgotPassword.execute('amina@example.com');
    (await identity.resetPassword.execute({ token: mailedToken('amina@example.com'), password: NEW_PASSWORD }))._unsafeUnwrap();
    expect((await login('amina@example.com', '203.0.113.7', NEW_PASSWORD))._unsafeUnwrap().user.emailVerified).to.equal(true);
    expect(ports.accountOpening.verified.has('amina@example.com')).to.equal(true);
  });

  it('changes the password given the current one, ending every other session', async () => {
    const { identity, register, login } = await identityFixture();
    const { userId } = await register('amina@example.com');
    const here = (await login('amina@example.com'))._unsafeUnwrap();
    const elsewhere = (await login('amina@example.com'))._unsafeUnwrap();
    const change = (currentPassword: string, newPassword: string) => identity.changePassword.execute({ userId, sessionId: here.sessionId, currentPassword, newPassword });
    expect((await change('wrong password!', NEW_PASSWORD))._unsafeUnwrapErr()).to.deep.include({ type: 'validation_error', details: [{ path: 'current_password', message: 'Not the current password' }] });
    expect((await change(PASSWORD, 'short'))._unsafeUnwrapErr()).to.deep.include({ details: [{ path: 'new_password', message: 'At least 10 characters' }] });
    (await change(PASSWORD, NEW_PASSWORD))._unsafeUnwrap();
    expect((await identity.refreshSession.execute(here.refreshToken)).isOk()).to.equal(true);
    expect((await identity.refreshSession.execute(elsewhere.refreshToken)).isErr()).to.equal(true);
  });
});
