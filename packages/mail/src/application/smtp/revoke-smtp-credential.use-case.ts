import { err, notFound, ok, ResultAsync, type NotFoundError } from '@tuma/kernel';
import type { SmtpCredentialRepository } from './smtp-credential.repository.port.ts';

/** `DELETE /v1/smtp-credentials/{id}`: its logins are refused from then on. */
export class RevokeSmtpCredential {
  constructor(private readonly credentials: SmtpCredentialRepository) {}

  execute(input: { readonly accountId: string; readonly id: string }): ResultAsync<void, NotFoundError> {
    return ResultAsync.fromSafePromise(this.credentials.remove(input.accountId, input.id)).andThen((removed) => (removed ? ok(undefined) : err(notFound('smtp_credential', input.id))));
  }
}
