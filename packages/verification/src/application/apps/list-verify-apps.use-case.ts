import { ResultAsync } from '@tuma/kernel';
import type { VerifyAppSnapshot } from '../../domain/apps/verify-app.ts';
import type { VerifyAppRepository } from './verify-app.repository.port.ts';

/** `GET /v1/verify/apps`: the account's Verify Apps. */
export class ListVerifyApps {
  constructor(private readonly apps: VerifyAppRepository) {}

  execute(accountId: string): ResultAsync<readonly VerifyAppSnapshot[], never> {
    return ResultAsync.fromSafePromise(this.apps.list(accountId));
  }
}
