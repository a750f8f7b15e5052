import { atomically, err, notFound, ok, type Clock, type NotFoundError, type ResultAsync, type UnitOfWork } from '@tuma/kernel';
import type { UserRepository } from './user.repository.port.ts';
import { userView, type UserView } from './user-view.ts';

/** The operator lets a disabled user back: they sign in again (the sessions the disabling ended stay ended). */
export class EnableUser {
  constructor(
    private readonly users: UserRepository,
    private readonly unitOfWork: UnitOfWork,
    private readonly clock: Clock,
  ) {}

  execute(userId: string): ResultAsync<UserView, NotFoundError> {
    return atomically(this.unitOfWork, async () => {
      const user = await this.users.lock(userId);
      if (!user) return err(notFound('user', userId));
      user.enable(this.clock.now());
      await this.users.save(user);
      return ok(userView(user));
    });
  }
}
