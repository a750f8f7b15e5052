
import { atomically, err, ok, type Clock, type ResultAsync, type UnitOfWork, sha256Hex } from '@tuma/kernel';
import { invalidToken, type InvalidTokenError } from '../../domain/users/identity-errors.ts';
import type { TokenStore } from '../tokens/token-store.port.ts';
import type { UserRepository } from '../users/user.repository.port.ts';
import type { AccountOpening } from './account-opening.port.ts';
import { userView, type UserView } from '../users/user-view.ts';

/** `POST /verify-email {token}`: the mailed link, once, within 24 hours; the account the user registered may send live traffic from then on. */
export class VerifyEmail {
  constructor(
    private readonly users: UserRepository,
    private readonly tokens: TokenStore,
    private readonly accountOpening: AccountOpening,
    private readonly unitOfWork: UnitOfWork,
    private readonly clock: Clock,
  ) {}

  execute(token: string): ResultAsync<UserView, InvalidTokenError> {
    return atomically(this.unitOfWork, async () => {
      const now = this.clock.now();
      const used = await this.tokens.consume('verify_email', await sha256Hex(token), now);
      const user = used && (await this.users.lock(used.subject));
      if (!user || user.isDisabled) return err(invalidToken('verify_email'));
      user.verifyEmail(now);
      await this.users.save(user);
      await this.accountOpening.emailVerified(user.email);
      return ok(userView(user));
    });
  }
}
