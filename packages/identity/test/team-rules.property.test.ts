import { expect } from 'chai';
import fc from 'fast-check';
import { checkRemoval, checkRoleChange, ROLES, type MembershipSnapshot, type Role } from '../src/index.ts';

const at = new Date('2026-06-01T00:00:00Z');
const member = (userId: string, role: Role): MembershipSnapshot => ({ accountId: 'acc_1', userId, role, createdAt: at, updatedAt: at });

/** A team of 1-6 members with at least one owner (as registration makes it), and a list of attempted changes. */
const teamArbitrary = fc
  .array(fc.constantFrom(...ROLES), { minLength: 0, maxLength: 5 })
  .map((roles) => [member('usr_0', 'owner'), ...roles.map((role, i) => member(`usr_${i + 1}`, role))]);
const changeArbitrary = fc.record({
  actor: fc.nat(5),
  target: fc.nat(5),
  kind: fc.constantFrom('role' as const, 'remove' as const),
  role: fc.constantFrom(...ROLES),
});

describe('identity: team rules (properties)', () => {
  it('no sequence of allowed changes leaves an account without an owner', () => {
    fc.assert(
      fc.property(teamArbitrary, fc.array(changeArbitrary, { maxLength: 30 }), (start, changes) => {
        let team = start;
        for (const change of changes) {
          const actor = team[change.actor % team.length]!;
          const target = team[change.target % team.length]!;
          if (change.kind === 'role') {
            if (checkRoleChange(actor, target, change.role, team).isOk()) team = team.map((m) => (m.userId === target.userId ? { ...m, role: change.role } : m));
          } else if (checkRemoval(actor, target, team).isOk()) {
            team = team.filter((m) => m.userId !== target.userId);
          }
          expect(team.some((m) => m.role === 'owner')).to.equal(true);
        }
      }),
    );
  });

  it('developers and viewers change nobody, and only owners touch owners', () => {
    fc.assert(
      fc.property(teamArbitrary, changeArbitrary, (team, change) => {
        const actor = team[change.actor % team.length]!;
        const target = team[change.target % team.length]!;
        const allowed = checkRoleChange(actor, target, change.role, team).isOk();
        if (actor.role === 'developer' || actor.role === 'viewer') expect(allowed).to.equal(false);
        if (allowed && (target.role === 'owner' || change.role === 'owner')) expect(actor.role).to.equal('owner');
        if (actor.userId !== target.userId && checkRemoval(actor, target, team).isOk()) expect(['owner', 'admin']).to.include(actor.role);
      }),
    );
  });
});
