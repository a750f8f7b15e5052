import { err, newId, notFound, ok, rateLimited, ResultAsync, type Clock, type GuessThrottle, type NotFoundError, type RateLimitedError, type Result } from '@tuma/kernel';
import { newSmtpPassword, newSmtpUsername, smtpPasswordHash, smtpPasswordMatches, type SmtpCredential } from '../../domain/smtp/smtp-credential.ts';
import type { SmtpCredentialRepository } from './smtp-credential.repository.port.ts';

/** A wrong username or password: the same answer for both, to give nothing away (SMTP 535). */
export interface InvalidSmtpLoginError {
  readonly type: 'invalid_smtp_login';
  readonly message: string;
}

/** A new credential with its password, which is never shown again. */
export interface IssuedSmtpCredential {
  readonly credential: SmtpCredential;
  readonly password: string;
}

/** What an unknown username's password is compared with. */
const NOBODY = { passwordHash: smtpPasswordHash(newSmtpPassword()) };

/** Logins noted at most this often (`last_used_at`), so that busy submission costs no write per message. */
const TOUCH_EVERY_MS = 60_000;

/** `/v1/smtp-credentials` and the submission server's AUTH (docs/mail.md, "SMTP submission"). */
export class SmtpCredentials {
  constructor(
    private readonly credentials: SmtpCredentialRepository,
    /** Wrong logins per (client address, username), per username and per address, as sign-ins are (scope `smtp`). */
    private readonly throttle: GuessThrottle,
    private readonly clock: Clock,
  ) {}

  create(accountId: string, name: string): ResultAsync<IssuedSmtpCredential, never> {
    const now = this.clock.now();
    const password = newSmtpPassword();
    const credential: SmtpCredential = { id: newId('smtpc', now), accountId, name, username: newSmtpUsername(), passwordHash: smtpPasswordHash(password), createdAt: now, lastUsedAt: null };
    return ResultAsync.fromSafePromise(this.credentials.add(credential)).map(() => ({ credential, password }));
  }

  list(accountId: string): ResultAsync<readonly SmtpCredential[], never> {
    return ResultAsync.fromSafePromise(this.credentials.listOfAccount(accountId));
  }

  revoke(accountId: string, id: string): ResultAsync<void, NotFoundError> {
    return ResultAsync.fromSafePromise(this.credentials.remove(accountId, id)).andThen((removed) => (removed ? ok(undefined) : err(notFound('SMTP credential', id))));
  }

  /**
   * The account a login from `address` is of; a wrong username or password alike; or, while the
   * throttle holds the guesser back, the seconds to wait (unchecked). docs/mail.md, "SMTP submission".
   */
  async authenticate(username: string, password: string, address: string): Promise<Result<string, InvalidSmtpLoginError | RateLimitedError>> {
    const attempt = await this.throttle.attempt(username, address);
    if (attempt.isErr()) return err(rateLimited(attempt.error.retryAfter, `Too many failed logins: try again in ${attempt.error.retryAfter} s`));
    const credential = await this.credentials.findByUsername(username);
    // An unknown username costs the same comparison as a wrong password.
    const matches = smtpPasswordMatches(credential ?? NOBODY, password);
    if (!credential || !matches) return err({ type: 'invalid_smtp_login', message: 'Invalid username or password' });
    await attempt.value.succeeded();
    const now = this.clock.now();
    if (!credential.lastUsedAt || now.getTime() - credential.lastUsedAt.getTime() >= TOUCH_EVERY_MS) await this.credentials.touch(credential.id, now);
    return ok(credential.accountId);
  }
}
