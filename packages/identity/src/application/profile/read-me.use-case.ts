import { err, notFound, ok, ResultAsync, type NotFoundError, type Result } from '@tuma/kernel';
import type { Role } from '../../domain/team/roles.ts';
import type { MembershipRepository } from '../team/membership.repository.port.ts';
import type { UserRepository } from '../users/user.repository.port.ts';
import { userView, type UserView } from '../users/user-view.ts';
import type { Actor } from '../team/actor.ts';

export interface Me {
  readonly user: UserView;
  readonly accountId: string;
  readonly role: Role;
  /** Every account the user belongs to, oldest membership first. */
  readonly memberships: readonly { readonly accountId: string; readonly role: Role }[];
}

/**
 * `GET /me` (JWT): identity's part of the answer. The account's own fields come from accounts and
 * its plans from the subscriptions, which the HTTP view joins.
 */
export class ReadMe {
  constructor(
    private readonly users: UserRepository,
    private readonly memberships: MembershipRepository,
  ) {}

  execute(actor: Actor): ResultAsync<Me, NotFoundError> {
    return new ResultAsync(this.read(actor));
  }

  private async read(actor: Actor): Promise<Result<Me, NotFoundError>> {
    const [user, memberships] = await Promise.all([this.users.findById(actor.userId), this.memberships.listOfUser(actor.userId)]);
    const current = memberships.find((member) => member.accountId === actor.accountId);
    if (!user || !current) return err(notFound('user', actor.userId));
    return ok({
      user: userView(user),
      accountId: current.accountId,
      role: current.role,
      memberships: memberships.map(({ accountId, role }) => ({ accountId, role })),
    });
  }
}
