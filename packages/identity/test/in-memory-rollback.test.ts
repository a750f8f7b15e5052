import { expect } from 'chai';
import { rolledBack } from '@tuma/kernel/testing';
import { identityFixture } from './support/identity-fixture.ts';

describe('the in-memory identity stores roll back with the unit of work', () => {
  it("leave users, accounts opened and verified, memberships, tokens and sessions as they were when the caller's unit of work fails; mail sent stays sent", async () => {
    const { identity, ports, register, login, mailedToken } = await identityFixture();
    const amina = await register('amina@example.com');
    await register('ada@example.com', { verified: false });
    let kofi!: { userId: string };
    await rolledBack(async () => {
      (await login('amina@example.com'))._unsafeUnwrap();
      (await identity.verifyEmail.execute(mailedToken('ada@example.com')))._unsafeUnwrap();
      kofi = await register('kofi@example.com');
    });
    expect(await ports.sessions.listLive(amina.userId, ports.clock.now())).to.deep.equal([]);
    expect(await ports.users.findByEmail('kofi@example.com')).to.equal(undefined);
    expect(await ports.memberships.listOfUser(kofi.userId)).to.deep.equal([]);
    expect([...ports.accountOpening.opened.keys()]).to.deep.equal(['amina@example.com', 'ada@example.com']);
    expect([...ports.accountOpening.verified]).to.deep.equal(['amina@example.com']);
    expect(ports.mailer.lastTo('kofi@example.com')?.subject, 'the mailer is the outside world').to.equal('Verify your email address');
    expect((await identity.verifyEmail.execute(mailedToken('ada@example.com')))._unsafeUnwrap().emailVerified, 'the token is unused again').to.equal(true);
  });
});
