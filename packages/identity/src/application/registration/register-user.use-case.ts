import { Email } from '@tuma/accounts';
import { atomically, errAsync, fieldError, newId, ok, Result, ResultAsync, whenNotBusy, type Clock, type RateLimitedError, type UnitOfWork, type ValidationError } from '@tuma/kernel';
import { checkNewPassword } from '../../domain/credentials/password-policy.ts';
import { membership } from '../../domain/team/membership.ts';
import { checkProfile, type Profile } from '../../domain/users/profile.ts';
import { User } from '../../domain/users/user.aggregate.ts';
import type { PasswordHasher } from '../credentials/password-hasher.port.ts';
import { registrationAttemptMail, verificationMail, type MailLinks } from '../mail/identity-mails.ts';
import type { Mailer } from '../mail/mailer.port.ts';
import type { MembershipRepository } from '../team/membership.repository.port.ts';
import { issueToken } from '../tokens/issue-token.ts';
import type { TokenStore } from '../tokens/token-store.port.ts';
import type { UserRepository } from '../users/user.repository.port.ts';
import { userView, type UserView } from '../users/user-view.ts';
import type { AccountOpening } from './account-opening.port.ts';

export interface RegisterUserInput extends Profile {
  readonly email: string;
  readonly password: string;
  /** The client's address, as the HTTP edge resolved it: its hash takes that client's turn. */
  readonly ip: string;
}

export interface Registration {
  readonly user: UserView;
  readonly account: { readonly id: string };
}

/**
 * `POST /register`: a user, their account, and its owner's membership; a verification mail. An
 * address that has a user (or an account) already gets the same answer, shaped and timed like a
 * new one (the password is hashed either way; the ids are new and stored nowhere), and its owner
 * gets a mail saying someone tried (docs/accounts.md, "Enumeration"). The hash takes an anonymous
 * client's turn of the hashing pool: one at a time per client address, never the sign-ins' share
 * (429 when the client has too many waiting; docs/accounts.md, "Hashing").
 */
export class RegisterUser {
  constructor(
    private readonly users: UserRepository,
    private readonly memberships: MembershipRepository,
    private readonly tokens: TokenStore,
    private readonly accountOpening: AccountOpening,
    private readonly hasher: PasswordHasher,
    private readonly mailer: Mailer,
    private readonly links: MailLinks,
    private readonly unitOfWork: UnitOfWork,
    private readonly clock: Clock,
  ) {}

  execute(input: RegisterUserInput): ResultAsync<Registration, ValidationError | RateLimitedError> {
    const email = Email.create(input.email).mapErr((error) => fieldError('email', error.message));
    if (email.isErr()) return errAsync(email.error);
    const checked = Result.combine([checkNewPassword(input.password, email.value.value), checkProfile(input)]);
    if (checked.isErr()) return errAsync(checked.error);
    const [, profile] = checked.value;

    return whenNotBusy(this.hasher.hash(input.password, { client: input.ip, priority: false })).andThen((passwordHash) => {
      const user = User.register({ email: email.value, passwordHash, profile }, this.clock.now());
      return this.open(user).andThen((registration) => {
        if (registration) return ResultAsync.fromSafePromise(this.sendVerification(user)).map(() => registration);
        const decoy = { user: userView(user), account: { id: newId('acc', this.clock.now()) } };
        return ResultAsync.fromSafePromise(this.mailer.send(registrationAttemptMail(this.links, user.email))).map(() => decoy);
      });
    });
  }

  /**
   * The user, account and membership written together; undefined when the address is taken (nothing
   * written). Registrations of one address take turns, so the second of two at once finds the first.
   */
  private open(user: User): ResultAsync<Registration | undefined, never> {
    return atomically(this.unitOfWork, async () => {
      await this.users.lockEmail(user.email);
      if (await this.users.findByEmail(user.email)) return ok(undefined);
      const account = await this.accountOpening.open(user.email);
      if (account.isErr()) return ok(undefined);
      await this.users.add(user);
      await this.memberships.save(membership(account.value.id, user.id, 'owner', this.clock.now()));
      return ok({ user: userView(user), account: account.value });
    });
  }

  private async sendVerification(user: User): Promise<void> {
    const token = await issueToken(this.tokens, 'verify_email', user.id, this.clock.now());
    await this.mailer.send(verificationMail(this.links, user.email, token));
  }
}
