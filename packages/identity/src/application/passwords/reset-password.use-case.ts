
import { atomically, err, ok, ResultAsync, type Clock, type GuessThrottle, type Result, type UnitOfWork, type ValidationError, sha256Hex } from '@tuma/kernel';
import { checkNewPassword } from '../../domain/credentials/password-policy.ts';
import { invalidToken, type InvalidTokenError } from '../../domain/users/identity-errors.ts';
import type { PasswordHasher } from '../credentials/password-hasher.port.ts';
import type { SessionRepository } from '../sessions/session.repository.port.ts';
import type { TokenStore } from '../tokens/token-store.port.ts';
import type { UserRepository } from '../users/user.repository.port.ts';
import type { AccountOpening } from '../registration/account-opening.port.ts';

export interface ResetPasswordInput {
  readonly token: string;
  readonly password: string;
}

export type ResetPasswordError = InvalidTokenError | ValidationError;

/**
 * `POST /password/reset {token, password}`: the new password, and every session of the user ended.
 * The token is checked, then the password, and only then used: a refused password keeps the link
 * good. Following the mailed link also proves the address, so it counts as verified, and the
 * email's failed sign-ins from anywhere are forgotten: they were guesses at the old password, and
 * they must not keep its owner waiting (docs/accounts.md, "Throttling").
 */
export class ResetPassword {
  constructor(
    private readonly users: UserRepository,
    private readonly tokens: TokenStore,
    private readonly sessions: SessionRepository,
    private readonly accountOpening: AccountOpening,
    private readonly hasher: PasswordHasher,
    private readonly signInThrottle: GuessThrottle,
    private readonly unitOfWork: UnitOfWork,
    private readonly clock: Clock,
  ) {}

  execute(input: ResetPasswordInput): ResultAsync<void, ResetPasswordError> {
    return new ResultAsync(this.reset(input));
  }

  private async reset(input: ResetPasswordInput): Promise<Result<void, ResetPasswordError>> {
    const tokenHash = await sha256Hex(input.token);
    const found = await this.tokens.find('reset_password', tokenHash, this.clock.now());
    const user = found && (await this.users.findById(found.subject));
    if (!user || user.isDisabled) return err(invalidToken('reset_password'));
    const password = checkNewPassword(input.password, user.email);
    if (password.isErr()) return err(password.error);
    const passwordHash = await this.hasher.hash(password.value);

    return atomically(this.unitOfWork, async () => {
      const now = this.clock.now();
      const used = await this.tokens.consume('reset_password', tokenHash, now);
      const locked = used && (await this.users.lock(used.subject));
      if (!locked || locked.isDisabled) return err(invalidToken('reset_password'));
      locked.changePassword(passwordHash, now);
      locked.verifyEmail(now);
      await this.users.save(locked);
      await this.accountOpening.emailVerified(locked.email);
      await this.tokens.revokeAll('reset_password', locked.id, now);
      await this.sessions.endAll({ userId: locked.id }, 'password_reset', now);
      await this.signInThrottle.forgetSubject(locked.email);
      return ok(undefined);
    });
  }
}
