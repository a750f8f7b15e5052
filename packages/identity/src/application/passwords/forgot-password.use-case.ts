import { Email } from '@tuma/accounts';
import { okAsync, ResultAsync, type Clock } from '@tuma/kernel';
import { passwordResetMail, type MailLinks } from '../mail/identity-mails.ts';
import type { Mailer } from '../mail/mailer.port.ts';
import { issueToken } from '../tokens/issue-token.ts';
import type { TokenStore } from '../tokens/token-store.port.ts';
import type { UserRepository } from '../users/user.repository.port.ts';

/**
 * `POST /password/forgot {email}`: always accepted (202). An active user of the address gets a
 * reset link (one hour, once) that voids the links mailed before it; any other address gets nothing.
 */
export class ForgotPassword {
  constructor(
    private readonly users: UserRepository,
    private readonly tokens: TokenStore,
    private readonly mailer: Mailer,
    private readonly links: MailLinks,
    private readonly clock: Clock,
  ) {}

  execute(rawEmail: string): ResultAsync<void, never> {
    const email = Email.create(rawEmail);
    if (email.isErr()) return okAsync(undefined);
    return ResultAsync.fromSafePromise(this.mailLink(email.value.value));
  }

  private async mailLink(email: string): Promise<void> {
    const user = await this.users.findByEmail(email);
    if (!user || user.isDisabled) return;
    const now = this.clock.now();
    await this.tokens.revokeAll('reset_password', user.id, now);
    const token = await issueToken(this.tokens, 'reset_password', user.id, now);
    await this.mailer.send(passwordResetMail(this.links, user.email, token));
  }
}
