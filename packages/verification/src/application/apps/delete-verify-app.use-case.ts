import { errAsync, okAsync, ResultAsync, type NotFoundError } from '@tuma/kernel';
import { verifyAppNotFound } from './verify-app-lookup.ts';
import type { VerifyAppRepository } from './verify-app.repository.port.ts';

/** `DELETE /v1/verify/apps/{id}`: verifications started with it keep their policy; a later start without `app_id` makes a new default when this was it. */
export class DeleteVerifyApp {
  constructor(private readonly apps: VerifyAppRepository) {}

  execute(input: { readonly accountId: string; readonly id: string }): ResultAsync<void, NotFoundError> {
    return ResultAsync.fromSafePromise(this.apps.remove(input.accountId, input.id)).andThen((removed) => (removed ? okAsync(undefined) : errAsync(verifyAppNotFound(input.id))));
  }
}
