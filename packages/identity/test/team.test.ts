import { expect } from 'chai';
import { PASSWORD, identityFixture, type IdentityFixture } from './support/identity-fixture.ts';

/** An owner's account with a member of each role, joined through invitations. */
async function teamFixture() {
  const f = await identityFixture();
  const owner = await f.register('owner@example.com');
  const join = async (email: string, role: string) => {
    (await f.identity.inviteMember.execute(owner, { email, role }))._unsafeUnwrap();
    const accepted = (await f.identity.acceptInvite.execute({ token: f.mailedToken(email), password: PASSWORD }))._unsafeUnwrap();
    return { userId: accepted.user.id, accountId: owner.accountId };
  };
  return { ...f, owner, admin: await join('admin@example.com', 'admin'), developer: await join('dev@example.com', 'developer'), viewer: await join('viewer@example.com', 'viewer') };
}

const roleOf = async (f: IdentityFixture, accountId: string, userId: string) => (await f.ports.memberships.find(accountId, userId))?.role;

describe('identity: teams', () => {
  it('lists the members with their roles, and pending invites, to any member', async () => {
    const f = await teamFixture();
    await f.identity.inviteMember.execute(f.admin, { email: 'later@example.com', role: 'viewer' });
    const team = (await f.identity.listTeam.execute(f.viewer))._unsafeUnwrap();
    expect(team.members.map((member) => [member.email, member.role])).to.deep.equal([
      ['owner@example.com', 'owner'],
      ['admin@example.com', 'admin'],
      ['dev@example.com', 'developer'],
      ['viewer@example.com', 'viewer'],
    ]);
    expect(team.invites.map((invite) => [invite.email, invite.role])).to.deep.equal([['later@example.com', 'viewer']]);
    expect((await f.identity.listTeam.execute({ userId: f.owner.userId, accountId: 'acc_other' }))._unsafeUnwrapErr().type).to.equal('not_found');
  });

  it('lets owners and admins invite, not developers or viewers, and never as owner', async () => {
    const f = await teamFixture();
    for (const actor of [f.developer, f.viewer]) {
      expect((await f.identity.inviteMember.execute(actor, { email: 'x@example.com', role: 'viewer' }))._unsafeUnwrapErr()).to.deep.include({ type: 'insufficient_role', required: ['owner', 'admin'] });
    }
    expect((await f.identity.inviteMember.execute(f.owner, { email: 'x@example.com', role: 'owner' }))._unsafeUnwrapErr().type).to.equal('validation_error');
    expect((await f.identity.inviteMember.execute(f.owner, { email: 'DEV@example.com', role: 'viewer' }))._unsafeUnwrapErr().type).to.equal('conflict');
    const invite = (await f.identity.inviteMember.execute(f.admin, { email: 'x@example.com', role: 'developer' }))._unsafeUnwrap();
    expect(invite.expiresAt.getTime() - invite.createdAt.getTime()).to.equal(7 * 24 * 60 * 60 * 1000);
    expect(f.ports.mailer.lastTo('x@example.com')?.text).to.contain('admin@example.com invited you to join their Tuma account as developer');
  });

  it('creates a verified user for a new address, who needs a password; an invitation works once', async () => {
    const f = await identityFixture();
    const owner = await f.register('owner@example.com');
    await f.identity.inviteMember.execute(owner, { email: 'new@example.com', role: 'developer' });
    const token = f.mailedToken('new@example.com');
    expect((await f.identity.acceptInvite.execute({ token }))._unsafeUnwrapErr()).to.deep.include({ details: [{ path: 'password', message: 'A password is needed to create the invited user' }] });
    const accepted = (await f.identity.acceptInvite.execute({ token, password: PASSWORD, name: 'Neo' }))._unsafeUnwrap();
    expect(accepted).to.deep.include({ accountId: owner.accountId, role: 'developer' });
    expect(accepted.user).to.deep.include({ email: 'new@example.com', name: 'Neo', emailVerified: true });
    expect((await f.identity.acceptInvite.execute({ token, password: PASSWORD }))._unsafeUnwrapErr().type).to.equal('invalid_token');
    expect((await f.login('new@example.com'))._unsafeUnwrap()).to.deep.include({ accountId: owner.accountId, role: 'developer' });
  });

  it('adds an existing user to another team without a password; their login still opens their own account first', async () => {
    const f = await identityFixture();
    const owner = await f.register('owner@example.com');
    const other = await f.register('other@example.com');
    await f.identity.inviteMember.execute(owner, { email: 'other@example.com', role: 'viewer' });
    const accepted = (await f.identity.acceptInvite.execute({ token: f.mailedToken('other@example.com') }))._unsafeUnwrap();
    expect(accepted).to.deep.include({ accountId: owner.accountId, role: 'viewer' });
    expect(accepted.user.id).to.equal(other.userId);
    const me = (await f.identity.readMe.execute(other))._unsafeUnwrap();
    expect(me.memberships).to.deep.equal([
      { accountId: other.accountId, role: 'owner' },
      { accountId: owner.accountId, role: 'viewer' },
    ]);
    expect((await f.login('other@example.com'))._unsafeUnwrap().accountId).to.equal(other.accountId);
  });

  it("caps the team at the plan's max_team, counting pending invites (402 plan_limit_reached)", async () => {
    const f = await identityFixture();
    const owner = await f.register('owner@example.com');
    f.ports.teamLimits.limit = 3;
    await f.identity.inviteMember.execute(owner, { email: 'a@example.com', role: 'viewer' });
    await f.identity.inviteMember.execute(owner, { email: 'b@example.com', role: 'viewer' });
    expect((await f.identity.inviteMember.execute(owner, { email: 'c@example.com', role: 'viewer' }))._unsafeUnwrapErr()).to.deep.include({ type: 'plan_limit_reached', limit: 3 });
    expect((await f.identity.inviteMember.execute(owner, { email: 'b@example.com', role: 'developer' })).isOk()).to.equal(true);
    f.ports.teamLimits.limit = 1;
    expect((await f.identity.acceptInvite.execute({ token: f.mailedToken('a@example.com'), password: PASSWORD }))._unsafeUnwrapErr().type).to.equal('plan_limit_reached');
  });

  it('replaces a pending invite to the same address: the earlier link stops working', async () => {
    const f = await identityFixture();
    const owner = await f.register('owner@example.com');
    await f.identity.inviteMember.execute(owner, { email: 'x@example.com', role: 'viewer' });
    const first = f.mailedToken('x@example.com');
    await f.identity.inviteMember.execute(owner, { email: 'x@example.com', role: 'admin' });
    expect((await f.identity.acceptInvite.execute({ token: first, password: PASSWORD }))._unsafeUnwrapErr().type).to.equal('invalid_token');
    expect((await f.identity.acceptInvite.execute({ token: f.mailedToken('x@example.com'), password: PASSWORD }))._unsafeUnwrap().role).to.equal('admin');
  });

  it('changes roles by the rules: admins manage non-owners, only owners touch owners, nobody their own role', async () => {
    const f = await teamFixture();
    const change = (actor: typeof f.owner, target: typeof f.owner, role: string) => f.identity.changeRole.execute(actor, target.userId, role);
    expect((await change(f.viewer, f.developer, 'admin'))._unsafeUnwrapErr().type).to.equal('insufficient_role');
    expect((await change(f.admin, f.owner, 'viewer'))._unsafeUnwrapErr()).to.deep.include({ type: 'insufficient_role', required: ['owner'] });
    expect((await change(f.admin, f.developer, 'owner'))._unsafeUnwrapErr().type).to.equal('insufficient_role');
    expect((await change(f.owner, f.owner, 'admin'))._unsafeUnwrapErr().type).to.equal('own_role');
    expect((await change(f.owner, f.owner, 'bogus'))._unsafeUnwrapErr().type).to.equal('validation_error');
    expect((await change(f.admin, f.developer, 'viewer'))._unsafeUnwrap().role).to.equal('viewer');
    expect(await roleOf(f, f.owner.accountId, f.developer.userId)).to.equal('viewer');
  });

  it('applies a new role to the next request of the member, whose token still says the old one', async () => {
    const f = await teamFixture();
    const session = (await f.login('dev@example.com'))._unsafeUnwrap();
    await f.identity.changeRole.execute(f.owner, f.developer.userId, 'viewer');
    expect((await f.identity.authenticateAccessToken.execute(session.accessToken))._unsafeUnwrap().role).to.equal('viewer');
    expect((await f.identity.refreshSession.execute(session.refreshToken))._unsafeUnwrap().role).to.equal('viewer');
  });

  it('keeps an owner: the last one can be neither demoted nor removed, a second one can', async () => {
    const f = await teamFixture();
    expect((await f.identity.removeMember.execute(f.owner, f.owner.userId))._unsafeUnwrapErr().type).to.equal('last_owner');
    expect((await f.identity.removeMember.execute(f.admin, f.owner.userId))._unsafeUnwrapErr().type).to.equal('insufficient_role');
    (await f.identity.changeRole.execute(f.owner, f.admin.userId, 'owner'))._unsafeUnwrap();
    (await f.identity.changeRole.execute(f.admin, f.owner.userId, 'developer'))._unsafeUnwrap();
    expect((await f.identity.changeRole.execute(f.owner, f.admin.userId, 'viewer'))._unsafeUnwrapErr().type).to.equal('insufficient_role');
    expect((await f.identity.removeMember.execute(f.admin, f.admin.userId))._unsafeUnwrapErr().type).to.equal('last_owner');
  });

  it('removes a member, ending their sessions on this account; any member may leave', async () => {
    const f = await teamFixture();
    const session = (await f.login('dev@example.com'))._unsafeUnwrap();
    expect((await f.identity.removeMember.execute(f.viewer, f.developer.userId))._unsafeUnwrapErr().type).to.equal('insufficient_role');
    (await f.identity.removeMember.execute(f.admin, f.developer.userId))._unsafeUnwrap();
    expect(await roleOf(f, f.owner.accountId, f.developer.userId)).to.equal(undefined);
    expect((await f.identity.authenticateAccessToken.execute(session.accessToken)).isErr()).to.equal(true);
    expect((await f.identity.refreshSession.execute(session.refreshToken)).isErr()).to.equal(true);
    expect((await f.login('dev@example.com'))._unsafeUnwrapErr().type).to.equal('no_membership');
    (await f.identity.removeMember.execute(f.viewer, f.viewer.userId))._unsafeUnwrap();
    expect((await f.identity.removeMember.execute(f.owner, 'usr_missing'))._unsafeUnwrapErr().type).to.equal('not_found');
  });

  it('refuses an invitation to a disabled user', async () => {
    const f = await identityFixture();
    const owner = await f.register('owner@example.com');
    const gone = await f.register('gone@example.com');
    await f.identity.disableUser.execute(gone.userId);
    await f.identity.inviteMember.execute(owner, { email: 'gone@example.com', role: 'viewer' });
    expect((await f.identity.acceptInvite.execute({ token: f.mailedToken('gone@example.com') }))._unsafeUnwrapErr().type).to.equal('user_disabled');
  });
});
