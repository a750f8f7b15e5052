import { Email } from '@tuma/accounts';
import { okAsync, ResultAsync, type Clock } from '@tuma/kernel';
import { verificationMail, type MailLinks } from '../mail/identity-mails.ts';
import type { Mailer } from '../mail/mailer.port.ts';
import { issueToken } from '../tokens/issue-token.ts';
import type { TokenStore } from '../tokens/token-store.port.ts';
import type { UserRepository } from '../users/user.repository.port.ts';

/**
 * `POST /verify-email/resend {email}`: always accepted (202), whether or not the address has a
 * user waiting for verification; only such a user gets a new link (earlier links keep working).
 */
export class ResendVerification {
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
    return ResultAsync.fromSafePromise(this.resend(email.value.value));
  }

  private async resend(email: string): Promise<void> {
    const user = await this.users.findByEmail(email);
    if (!user || user.isDisabled || user.isEmailVerified) return;
    const token = await issueToken(this.tokens, 'verify_email', user.id, this.clock.now());
    await this.mailer.send(verificationMail(this.links, user.email, token));
  }
}
