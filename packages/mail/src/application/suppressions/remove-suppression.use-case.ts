import { errAsync, notFound, okAsync, ResultAsync, type NotFoundError } from '@tuma/kernel';
import type { SuppressionList } from './suppression-list.port.ts';

/** `DELETE /suppressions/{email}`: the address may be sent to again (until it bounces or complains again). */
export class RemoveSuppression {
  constructor(private readonly suppressions: SuppressionList) {}

  execute(input: { readonly accountId: string; readonly email: string }): ResultAsync<void, NotFoundError> {
    const email = input.email.toLowerCase();
    return ResultAsync.fromSafePromise(this.suppressions.remove(input.accountId, email)).andThen((removed) => (removed ? okAsync(undefined) : errAsync(notFound('suppression', email))));
  }
}
