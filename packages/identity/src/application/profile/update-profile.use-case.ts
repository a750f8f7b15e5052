import { atomically, err, errAsync, notFound, ok, type Clock, type NotFoundError, type ResultAsync, type UnitOfWork, type ValidationError } from '@tuma/kernel';
import { checkProfile, type Profile } from '../../domain/users/profile.ts';
import type { UserRepository } from '../users/user.repository.port.ts';
import { userView, type UserView } from '../users/user-view.ts';

/** `PATCH /me {name?, company?}` (JWT): a field left out stays, `null` or an empty string clears it. */
export class UpdateProfile {
  constructor(
    private readonly users: UserRepository,
    private readonly unitOfWork: UnitOfWork,
    private readonly clock: Clock,
  ) {}

  execute(userId: string, changes: Profile): ResultAsync<UserView, ValidationError | NotFoundError> {
    const profile = checkProfile(changes);
    if (profile.isErr()) return errAsync(profile.error);
    return atomically(this.unitOfWork, async () => {
      const user = await this.users.lock(userId);
      if (!user) return err(notFound('user', userId));
      user.updateProfile(profile.value, this.clock.now());
      await this.users.save(user);
      return ok(userView(user));
    });
  }
}
