import { err, notFound, ok, ResultAsync, type NotFoundError } from '@tuma/kernel';
import type { ForwardRepository } from './forward.repository.port.ts';

/** `DELETE /v1/forwards/{id}`: mail to its address is refused from then on (its log goes with it). */
export class DeleteForward {
  constructor(private readonly forwards: ForwardRepository) {}

  execute(input: { readonly accountId: string; readonly id: string }): ResultAsync<void, NotFoundError> {
    return ResultAsync.fromSafePromise(this.forwards.remove(input.accountId, input.id)).andThen((removed) => (removed ? ok(undefined) : err(notFound('forward', input.id))));
  }
}
