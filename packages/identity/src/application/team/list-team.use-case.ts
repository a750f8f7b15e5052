import { err, notFound, ok, ResultAsync, type Clock, type NotFoundError, type Result } from '@tuma/kernel';
import type { InviteSnapshot } from '../../domain/team/invite.ts';
import type { Role } from '../../domain/team/roles.ts';
import type { UserRepository } from '../users/user.repository.port.ts';
import type { Actor } from './actor.ts';
import type { MembershipRepository } from './membership.repository.port.ts';

export interface TeamMember {
  readonly userId: string;
  readonly email: string;
  readonly name: string | null;
  readonly role: Role;
  readonly emailVerified: boolean;
  readonly joinedAt: Date;
}

export interface Team {
  readonly members: readonly TeamMember[];
  readonly invites: readonly InviteSnapshot[];
}

/** `GET /team` (JWT, any role): the members, oldest first, and the invites still pending. */
export class ListTeam {
  constructor(
    private readonly memberships: MembershipRepository,
    private readonly users: UserRepository,
    private readonly clock: Clock,
  ) {}

  execute(actor: Actor): ResultAsync<Team, NotFoundError> {
    return new ResultAsync(this.list(actor));
  }

  private async list(actor: Actor): Promise<Result<Team, NotFoundError>> {
    const team = await this.memberships.listTeam(actor.accountId);
    if (!team.some((member) => member.userId === actor.userId)) return err(notFound('team', actor.accountId));
    const [users, invites] = await Promise.all([
      this.users.findByIds(team.map((member) => member.userId)),
      this.memberships.listPendingInvites(actor.accountId, this.clock.now()),
    ]);
    const byId = new Map(users.map((user) => [user.id, user.toSnapshot()]));
    const members = team.flatMap((member) => {
      const user = byId.get(member.userId);
      return user
        ? [{ userId: user.id, email: user.email, name: user.name, role: member.role, emailVerified: user.emailVerifiedAt !== null, joinedAt: member.createdAt }]
        : [];
    });
    return ok({ members, invites });
  }
}
