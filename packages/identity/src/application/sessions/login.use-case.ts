import { Email } from '@tuma/accounts';
import { err, newId, ok, ResultAsync, whenNotBusy, type Clock, type GuessAttempt, type GuessThrottle, type PoolTicket, type Result } from '@tuma/kernel';
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
 * is no user. Failures slow further tries of the same (client address, email), and past much higher
 * counts of the email's and of the client address's, without a hard lock; a held-back try is not
 * checked (429). The right password from an address that never failed at the email goes through
 * whatever others try (docs/accounts.md, "Throttling"). Each check takes a sign-in's turn of the
 * hashing pool (429 when the client has too many waiting).
 */
export class Login {
  private dummyHash: Promise<string> | undefined;

  constructor(
    private readonly users: UserRepository,
    private readonly memberships: MembershipRepository,
    private readonly throttle: GuessThrottle,
    private readonly hasher: PasswordHasher,
    private readonly issuer: SessionIssuer,
    private readonly clock: Clock,
  ) {}

  execute(input: LoginInput): ResultAsync<LoggedIn, LoginError> {
    return new ResultAsync(this.login(input));
  }

  private async login(input: LoginInput): Promise<Result<LoggedIn, LoginError>> {
    const attempt = await this.throttle.attempt(input.email.trim().toLowerCase(), input.ip);
    if (attempt.isErr()) return err(loginThrottled(attempt.error.retryAfter));
    const checked = await this.check(input, attempt.value);
    if (checked.isErr()) return err(checked.error);
    const user = checked.value;
    if (!user) return err(invalidCredentials());
    await attempt.value.succeeded();
    if (user.isDisabled) return err(userDisabled());
    const now = this.clock.now();
    await this.rehashIfOld(user, input.password, now);

    const [primary] = await this.memberships.listOfUser(user.id);
    if (!primary) return err(noMembership());
    const session = await this.issuer.start(primary, now);
    return ok({ ...session, user: userView(user) });
  }

  /**
   * The user whose password this is, or undefined for a wrong one (the failure stays counted). A
   * check the pool had no turn for was never a guess: it is withdrawn.
   */
  private async check(input: LoginInput, attempt: GuessAttempt): Promise<Result<User | undefined, LoginThrottledError>> {
    const email = Email.create(input.email);
    const user = email.isOk() ? await this.users.findByEmail(email.value.value) : undefined;
    const ticket: PoolTicket = { client: input.ip, priority: true };
    const matches = await whenNotBusy(this.hasher.verify(input.password, user?.passwordHash ?? (await this.dummy()), ticket));
    if (matches.isErr()) {
      await attempt.withdrawn();
      return err(matches.error);
    }
    return ok(matches.value ? user : undefined);
  }

  /** A hash made like a real one, so an unknown address costs what a known one does (made once, in its own turn). */
  private dummy(): Promise<string> {
    this.dummyHash ??= this.hasher.hash(newId('usr'));
    return this.dummyHash;
  }

  private async rehashIfOld(user: User, password: string, now: Date): Promise<void> {
    if (!this.hasher.needsRehash(user.passwordHash)) return;
    user.changePassword(await this.hasher.hash(password, { client: `user:${user.id}`, priority: true }), now);
    await this.users.save(user);
  }
}
