import { atomically, err, notFound, ok, type Clock, type NotFoundError, type ResultAsync, type UnitOfWork } from '@tuma/kernel';
import type { SessionRepository } from '../sessions/session.repository.port.ts';
import type { UserRepository } from './user.repository.port.ts';
import { userView, type UserView } from './user-view.ts';

/**
 * The operator disables a user: every session ends with it, so the user's access tokens stop
 * working at their next request (authentication checks the session), and no login, reset or
 * invitation brings the user back.
 */
export class DisableUser {
  constructor(
    private readonly users: UserRepository,
    private readonly sessions: SessionRepository,
    private readonly unitOfWork: UnitOfWork,
    private readonly clock: Clock,
  ) {}

  execute(userId: string): ResultAsync<UserView, NotFoundError> {
    return atomically(this.unitOfWork, async () => {
      const now = this.clock.now();
      const user = await this.users.lock(userId);
      if (!user) return err(notFound('user', userId));
      user.disable(now);
      await this.users.save(user);
      await this.sessions.endAll({ userId }, 'disabled', now);
      return ok(userView(user));
    });
  }
}
