import { expect } from 'chai';
import { identityFixture } from './support/identity-fixture.ts';

describe('identity: me and profile', () => {
  it('reads the user with their role on the token account and every membership', async () => {
    const { identity, register } = await identityFixture();
    const { userId, accountId } = await register('amina@example.com');
    const me = (await identity.readMe.execute({ userId, accountId }))._unsafeUnwrap();
    expect(me).to.deep.include({ accountId, role: 'owner', memberships: [{ accountId, role: 'owner' }] });
    expect(me.user).to.deep.include({ id: userId, name: 'Amina', emailVerified: true });
    expect((await identity.readMe.execute({ userId, accountId: 'acc_other' }))._unsafeUnwrapErr().type).to.equal('not_found');
  });

  it('updates the fields given, clears the ones emptied, and refuses text too long', async () => {
    const { identity, register } = await identityFixture();
    const { userId } = await register('amina@example.com');
    expect((await identity.updateProfile.execute(userId, { company: ' Duka Ltd ' }))._unsafeUnwrap()).to.deep.include({ name: 'Amina', company: 'Duka Ltd' });
    expect((await identity.updateProfile.execute(userId, { name: '' }))._unsafeUnwrap()).to.deep.include({ name: null, company: 'Duka Ltd' });
    expect((await identity.updateProfile.execute(userId, { name: 'x'.repeat(121) }))._unsafeUnwrapErr()).to.deep.include({ details: [{ path: 'name', message: 'At most 120 characters' }] });
  });
});
