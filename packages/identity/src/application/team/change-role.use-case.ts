import { atomically, err, fieldError, errAsync, ok, type Clock, type NotFoundError, type ResultAsync, type UnitOfWork, type ValidationError } from '@tuma/kernel';
import type { MembershipSnapshot } from '../../domain/team/membership.ts';
import { isRole, ROLES } from '../../domain/team/roles.ts';
import type { TeamRuleError } from '../../domain/team/team-errors.ts';
import { checkRoleChange } from '../../domain/team/team-rules.ts';
import type { Actor } from './actor.ts';
import type { MembershipRepository } from './membership.repository.port.ts';
import { findPair } from './team-members.ts';

/**
 * `PATCH /team/members/{user_id} {role}`. The member's next request already has the new role:
 * authentication reads it from the membership, not from the access token.
 */
export class ChangeRole {
  constructor(
    private readonly memberships: MembershipRepository,
    private readonly unitOfWork: UnitOfWork,
    private readonly clock: Clock,
  ) {}

  execute(actor: Actor, userId: string, role: string): ResultAsync<MembershipSnapshot, TeamRuleError | NotFoundError | ValidationError> {
    if (!isRole(role)) return errAsync(fieldError('role', `One of ${ROLES.join(', ')}`));
    return atomically(this.unitOfWork, async () => {
      const team = await this.memberships.lockTeam(actor.accountId);
      const pair = findPair(team, actor.userId, userId);
      if (pair.isErr()) return err(pair.error);
      const { actor: acting, target } = pair.value;
      const allowed = checkRoleChange(acting, target, role, team);
      if (allowed.isErr()) return err(allowed.error);
      const changed = { ...target, role, updatedAt: this.clock.now() };
      await this.memberships.save(changed);
      return ok(changed);
    });
  }
}
