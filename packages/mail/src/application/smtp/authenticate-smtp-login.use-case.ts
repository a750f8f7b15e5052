import { err, ok, rateLimited, ResultAsync, type Clock, type GuessThrottle, type RateLimitedError, type Result } from '@tuma/kernel';
import { newSmtpPassword, smtpPasswordHash, smtpPasswordMatches } from '../../domain/smtp/smtp-credential.ts';
import type { SmtpCredentialRepository } from './smtp-credential.repository.port.ts';

/** A wrong username or password: the same answer for both, to give nothing away (SMTP 535). */
export interface InvalidSmtpLoginError {
  readonly type: 'invalid_smtp_login';
  readonly message: string;
}

export interface SmtpLogin {
  readonly username: string;
  readonly password: string;
  /** The client's address (the throttle's key with the username). */
  readonly address: string;
}

/** What an unknown username's password is compared with (a hash of a password nobody has). */
const nobody = smtpPasswordHash(newSmtpPassword()).then((passwordHash) => ({ passwordHash }));

/** Logins noted at most this often (`last_used_at`), so that busy submission costs no write per message. */
const TOUCH_EVERY_MS = 60_000;

/**
 * The submission server's AUTH (docs/mail.md, "SMTP submission"): the account a login from
 * `address` is of; a wrong username or password alike; or, while the throttle holds the guesser
 * back, the seconds to wait (unchecked).
 */
export class AuthenticateSmtpLogin {
  constructor(
    private readonly credentials: SmtpCredentialRepository,
    /** Wrong logins per (client address, username), per username and per address, as sign-ins are (scope `smtp`). */
    private readonly throttle: GuessThrottle,
    private readonly clock: Clock,
  ) {}

  execute(login: SmtpLogin): ResultAsync<string, InvalidSmtpLoginError | RateLimitedError> {
    return new ResultAsync(this.authenticate(login));
  }

  private async authenticate({ username, password, address }: SmtpLogin): Promise<Result<string, InvalidSmtpLoginError | RateLimitedError>> {
    const attempt = await this.throttle.attempt(username, address);
    if (attempt.isErr()) return err(rateLimited(attempt.error.retryAfter, `Too many failed logins: try again in ${attempt.error.retryAfter} s`));
    const credential = await this.credentials.findByUsername(username);
    // An unknown username costs the same comparison as a wrong password.
    const matches = await smtpPasswordMatches(credential ?? (await nobody), password);
    if (!credential || !matches) return err({ type: 'invalid_smtp_login', message: 'Invalid username or password' });
    await attempt.value.succeeded();
    const now = this.clock.now();
    if (!credential.lastUsedAt || now.getTime() - credential.lastUsedAt.getTime() >= TOUCH_EVERY_MS) await this.credentials.touch(credential.id, now);
    return ok(credential.accountId);
  }
}
