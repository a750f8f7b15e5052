import { Email } from '@tuma/accounts';
import { err, newId, ok, ResultAsync, type Clock, type Result } from '@tuma/kernel';
import { LOGIN_THROTTLE, retryAfterSeconds, throttleKeys } from '../../domain/login/login-throttle.ts';
import {
  invalidCredentials,
  loginThrottled,
  noMembership,
  userDisabled,
  type InvalidCredentialsError,
  type LoginThrottledError,
  type NoMembershipError,
  type UserDisabledError,
} from '../../domain/users/identity-errors.ts';
import type { User } from '../../domain/users/user.aggregate.ts';
import type { PasswordHasher } from '../credentials/password-hasher.port.ts';
import type { LoginAttempts } from '../login/login-attempts.port.ts';
import type { MembershipRepository } from '../team/membership.repository.port.ts';
import type { UserRepository } from '../users/user.repository.port.ts';
import { userView, type UserView } from '../users/user-view.ts';
import type { IssuedSession, SessionIssuer } from './session-issuer.ts';

export interface LoginInput {
  readonly email: string;
  readonly password: string;
  /** The client's address, as the HTTP edge resolved it. */
  readonly ip: string;
}

export interface LoggedIn extends IssuedSession {
  readonly user: UserView;
}

export type LoginError = InvalidCredentialsError | LoginThrottledError | UserDisabledError | NoMembershipError;

/**
 * `POST /login`: a session on the user's first account. A wrong password and an unknown address
 * get the same error after the same work: the password is checked against a dummy hash when there
 * is no user. 10 failures in 15 minutes for an address, or from a client address, hold further
 * tries back (429) without checking them (docs/accounts.md, "Login").
 */
export class Login {
  private dummyHash: Promise<string> | undefined;

  constructor(
    private readonly users: UserRepository,
    private readonly memberships: MembershipRepository,
    private readonly attempts: LoginAttempts,
    private readonly hasher: PasswordHasher,
    private readonly issuer: SessionIssuer,
    private readonly clock: Clock,
  ) {}

  execute(input: LoginInput): ResultAsync<LoggedIn, LoginError> {
    return new ResultAsync(this.login(input));
  }

  private async login(input: LoginInput): Promise<Result<LoggedIn, LoginError>> {
    const now = this.clock.now();
    const keys = throttleKeys(input.email, input.ip);
    const retryAfter = await this.retryAfter(keys, now);
    if (retryAfter !== undefined) return err(loginThrottled(retryAfter));

    const email = Email.create(input.email);
    const user = email.isOk() ? await this.users.findByEmail(email.value.value) : undefined;
    const matches = await this.hasher.verify(input.password, user?.passwordHash ?? (await this.dummy()));
    if (!user || !matches) {
      await this.attempts.recordFailure(keys, now);
      return err(invalidCredentials());
    }
    if (user.isDisabled) return err(userDisabled());
    await this.attempts.clear(keys[0]!);
    await this.rehashIfOld(user, input.password, now);

    const [primary] = await this.memberships.listOfUser(user.id);
    if (!primary) return err(noMembership());
    const session = await this.issuer.start(primary, now);
    return ok({ ...session, user: userView(user) });
  }

  /** The longest wait any of the keys owes, if one does. */
  private async retryAfter(keys: readonly string[], now: Date): Promise<number | undefined> {
    const since = new Date(now.getTime() - LOGIN_THROTTLE.windowMs);
    const waits = await Promise.all(keys.map(async (key) => retryAfterSeconds(await this.attempts.recentFailures(key, since, LOGIN_THROTTLE.maxFailures), now)));
    const owed = waits.filter((wait) => wait !== undefined);
    return owed.length ? Math.max(...owed) : undefined;
  }

  /** A hash made like a real one, so an unknown address costs what a known one does. */
  private dummy(): Promise<string> {
    this.dummyHash ??= this.hasher.hash(newId('usr'));
    return this.dummyHash;
  }

  private async rehashIfOld(user: User, password: string, now: Date): Promise<void> {
    if (!this.hasher.needsRehash(user.passwordHash)) return;
    user.changePassword(await this.hasher.hash(password), now);
    await this.users.save(user);
  }
}
