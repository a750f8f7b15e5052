import { atomically, err, notFound, ok, ResultAsync, type Clock, type NotFoundError, type UnitOfWork } from '@tuma/kernel';
import type { ApiKey, CustomerKeyKind } from '../domain/api-key.aggregate.ts';
import type { ApiKeyRepository } from './api-key.repository.port.ts';
import { AccessChangeAnnouncer } from './principal-cache.ts';

export interface RevokeApiKeyInput {
  readonly keyId: string;
  /** The kind the caller manages (default SMS keys): another kind's key is not found. */
  readonly kind?: CustomerKeyKind;
  /** An account revoking its own key: another account's is not found (the operator gives none). */
  readonly accountId?: string;
}

/** Revokes a customer key at once (in every process: `AccessChanges`); revoking twice keeps the first revocation time. */
export class RevokeApiKey {
  constructor(
    private readonly apiKeys: ApiKeyRepository,
    private readonly unitOfWork: UnitOfWork,
    private readonly clock: Clock,
    private readonly announcer = new AccessChangeAnnouncer(),
  ) {}

  execute(input: RevokeApiKeyInput): ResultAsync<ApiKey, NotFoundError> {
    return atomically(this.unitOfWork, async () => {
      const key = await this.apiKeys.findById(input.keyId);
      // The operator key is managed through ADMIN_API_KEY only.
      const owned = key && key.kind === (input.kind ?? 'customer') && (input.accountId === undefined || key.accountId === input.accountId);
      if (!owned) return err(notFound('api_key', input.keyId));
      key.revoke(this.clock.now());
      await this.apiKeys.save(key);
      await this.announcer.publish({ keyId: key.id });
      return ok(key);
    }).andTee((key) => this.announcer.committed({ keyId: key.id }));
  }
}
