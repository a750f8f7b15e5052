import { errAsync, notFound, okAsync, ResultAsync, type Clock, type NotFoundError, type UnitOfWork } from '@tuma/kernel';
import type { ApiKey } from '../domain/api-key.aggregate.ts';
import type { ApiKeyRepository } from './api-key.repository.port.ts';

/** Revokes a customer key at once; revoking twice keeps the first revocation time. */
export class RevokeApiKey {
  constructor(
    private readonly apiKeys: ApiKeyRepository,
    private readonly unitOfWork: UnitOfWork,
    private readonly clock: Clock,
  ) {}

  execute(input: { keyId: string }): ResultAsync<ApiKey, NotFoundError> {
    return this.unitOfWork.run(() =>
      ResultAsync.fromSafePromise(this.apiKeys.findById(input.keyId)).andThen((key) => {
        // The operator key is managed through ADMIN_API_KEY only.
        if (!key || key.kind !== 'customer') return errAsync(notFound('api_key', input.keyId));
        key.revoke(this.clock.now());
        return ResultAsync.fromSafePromise(this.apiKeys.save(key)).andThen(() => okAsync(key));
      }),
    );
  }
}
