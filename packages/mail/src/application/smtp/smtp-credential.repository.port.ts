import type { SmtpCredential } from '../../domain/smtp/smtp-credential.ts';

export interface SmtpCredentialRepository {
  add(credential: SmtpCredential): Promise<void>;
  /** The account's credentials, newest first. */
  listOfAccount(accountId: string): Promise<readonly SmtpCredential[]>;
  findByUsername(username: string): Promise<SmtpCredential | undefined>;
  /** False when the account has no such credential. Gone at once: its next login fails. */
  remove(accountId: string, id: string): Promise<boolean>;
  /** Notes a login, at most once a minute per credential (as API keys' last_used_at). */
  touch(id: string, at: Date): Promise<void>;
}
