import { ResultAsync } from '@tuma/kernel';
import type { SmtpCredential } from '../../domain/smtp/smtp-credential.ts';
import type { SmtpCredentialRepository } from './smtp-credential.repository.port.ts';

/** `GET /v1/smtp-credentials`: the account's credentials (their hashes, never a password). */
export class ListSmtpCredentials {
  constructor(private readonly credentials: SmtpCredentialRepository) {}

  execute(accountId: string): ResultAsync<readonly SmtpCredential[], never> {
    return ResultAsync.fromSafePromise(this.credentials.listOfAccount(accountId));
  }
}
