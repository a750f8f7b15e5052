import type { NotFoundError, ResultAsync } from '@tuma/kernel';
import type { VerifyAppSnapshot } from '../../domain/apps/verify-app.ts';
import { findVerifyApp } from './verify-app-lookup.ts';
import type { VerifyAppRepository } from './verify-app.repository.port.ts';

/** `GET /v1/verify/apps/{id}`: an app of the account. */
export class GetVerifyApp {
  constructor(private readonly apps: VerifyAppRepository) {}

  execute(input: { readonly accountId: string; readonly id: string }): ResultAsync<VerifyAppSnapshot, NotFoundError> {
    return findVerifyApp(this.apps, input);
  }
}
