import { atomically, err, ok, type Clock, type NotFoundError, type ResultAsync, type UnitOfWork } from '@tuma/kernel';
import type { TeamRuleError } from '../../domain/team/team-errors.ts';
import { checkRemoval } from '../../domain/team/team-rules.ts';
import type { SessionRepository } from '../sessions/session.repository.port.ts';
import type { Actor } from './actor.ts';
import type { MembershipRepository } from './membership.repository.port.ts';
import { findPair } from './team-members.ts';

/** `DELETE /team/members/{user_id}`: the member leaves the team, and their sessions on this account end. */
export class RemoveMember {
  constructor(
    private readonly memberships: MembershipRepository,
    private readonly sessions: SessionRepository,
    private readonly unitOfWork: UnitOfWork,
    private readonly clock: Clock,
  ) {}

  execute(actor: Actor, userId: string): ResultAsync<void, TeamRuleError | NotFoundError> {
    return atomically(this.unitOfWork, async () => {
      const team = await this.memberships.lockTeam(actor.accountId);
      const pair = findPair(team, actor.userId, userId).andThen(({ actor: acting, target }) => checkRemoval(acting, target, team));
      if (pair.isErr()) return err(pair.error);
      const now = this.clock.now();
      await this.memberships.remove(actor.accountId, userId);
      await this.sessions.endAll({ userId, accountId: actor.accountId }, 'removed_from_team', now);
      return ok(undefined);
    });
  }
}
