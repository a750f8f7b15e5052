import { err, ok, type Result } from '@tuma/kernel';
import type { MembershipSnapshot } from './membership.ts';
import { canManageTeam, MANAGER_ROLES, type Role } from './roles.ts';
import { insufficientRole, lastOwner, ownRole, type TeamRuleError } from './team-errors.ts';

/**
 * docs/accounts.md, "Teams": owners and admins manage members; only an owner touches an owner or
 * makes one; nobody changes their own role; and no change leaves the account without an owner.
 */
const countOwners = (team: readonly MembershipSnapshot[]): number => team.filter((member) => member.role === 'owner').length;

/** Whether `actor` may act on members having (or being given) `roles`. */
function checkAuthority(actor: MembershipSnapshot, roles: readonly Role[]): Result<void, TeamRuleError> {
  if (!canManageTeam(actor.role)) return err(insufficientRole(MANAGER_ROLES));
  if (roles.includes('owner') && actor.role !== 'owner') return err(insufficientRole(['owner']));
  return ok(undefined);
}

export function checkRoleChange(actor: MembershipSnapshot, target: MembershipSnapshot, to: Role, team: readonly MembershipSnapshot[]): Result<void, TeamRuleError> {
  if (actor.userId === target.userId) return err(ownRole());
  return checkAuthority(actor, [target.role, to]).andThen(() =>
    target.role === 'owner' && to !== 'owner' && countOwners(team) <= 1 ? err(lastOwner()) : ok(undefined),
  );
}

/** Any member may leave (remove themselves), except the last owner. */
export function checkRemoval(actor: MembershipSnapshot, target: MembershipSnapshot, team: readonly MembershipSnapshot[]): Result<void, TeamRuleError> {
  const allowed = actor.userId === target.userId ? ok<void, TeamRuleError>(undefined) : checkAuthority(actor, [target.role]);
  return allowed.andThen(() => (target.role === 'owner' && countOwners(team) <= 1 ? err(lastOwner()) : ok(undefined)));
}
