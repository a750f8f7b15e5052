import { newId, ResultAsync, type Clock } from '@tuma/kernel';
import { newSmtpPassword, newSmtpUsername, smtpPasswordHash, type SmtpCredential } from '../../domain/smtp/smtp-credential.ts';
import type { SmtpCredentialRepository } from './smtp-credential.repository.port.ts';

/** A new credential with its password, which is never shown again. */
export interface IssuedSmtpCredential {
  readonly credential: SmtpCredential;
  readonly password: string;
}

/** `POST /v1/smtp-credentials` (docs/mail.md, "SMTP submission"): a username and password for the submission server; only the password's hash is kept. */
export class CreateSmtpCredential {
  constructor(
    private readonly credentials: SmtpCredentialRepository,
    private readonly clock: Clock,
  ) {}

  execute(input: { readonly accountId: string; readonly name: string }): ResultAsync<IssuedSmtpCredential, never> {
    const now = this.clock.now();
    const password = newSmtpPassword();
    return ResultAsync.fromSafePromise(
      (async () => {
        const credential: SmtpCredential = { id: newId('smtpc', now), accountId: input.accountId, name: input.name, username: newSmtpUsername(), passwordHash: await smtpPasswordHash(password), createdAt: now, lastUsedAt: null };
        await this.credentials.add(credential);
        return { credential, password };
      })(),
    );
  }
}
