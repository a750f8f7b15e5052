import { atomically, err, fieldError, notFound, ok, ResultAsync, type Clock, type NotFoundError, type Result, type UnitOfWork, type ValidationError } from '@tuma/kernel';
import { checkNewPassword } from '../../domain/credentials/password-policy.ts';
import type { PasswordHasher } from '../credentials/password-hasher.port.ts';
import type { SessionRepository } from '../sessions/session.repository.port.ts';
import type { UserRepository } from '../users/user.repository.port.ts';

export interface ChangePasswordInput {
  readonly userId: string;
  /** The session asking: it stays signed in, every other one of the user ends. */
  readonly sessionId: string;
  readonly currentPassword: string;
  readonly newPassword: string;
}

/** `POST /password/change` (JWT): needs the current password, even with a valid access token. */
export class ChangePassword {
  constructor(
    private readonly users: UserRepository,
    private readonly sessions: SessionRepository,
    private readonly hasher: PasswordHasher,
    private readonly unitOfWork: UnitOfWork,
    private readonly clock: Clock,
  ) {}

  execute(input: ChangePasswordInput): ResultAsync<void, ValidationError | NotFoundError> {
    return new ResultAsync(this.change(input));
  }

  private async change(input: ChangePasswordInput): Promise<Result<void, ValidationError | NotFoundError>> {
    const user = await this.users.findById(input.userId);
    if (!user) return err(notFound('user', input.userId));
    if (!(await this.hasher.verify(input.currentPassword, user.passwordHash))) return err(fieldError('current_password', 'Not the current password'));
    const password = checkNewPassword(input.newPassword, user.email, 'new_password');
    if (password.isErr()) return err(password.error);
    const passwordHash = await this.hasher.hash(password.value);

    return atomically(this.unitOfWork, async () => {
      const now = this.clock.now();
      const locked = await this.users.lock(input.userId);
      if (!locked) return err(notFound('user', input.userId));
      locked.changePassword(passwordHash, now);
      await this.users.save(locked);
      for (const session of await this.sessions.listLive(locked.id, now)) {
        if (session.id !== input.sessionId) await this.sessions.end(session.id, 'password_changed', now);
      }
      return ok(undefined);
    });
  }
}
