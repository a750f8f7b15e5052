import { ResultAsync, type Clock, type NotFoundError, type ValidationError } from '@tuma/kernel';
import { checkVerifyAppSettings, type VerifyAppSnapshot } from '../../domain/apps/verify-app.ts';
import { mergedSettings, type VerifyAppChanges } from './verify-app-changes.ts';
import { findVerifyApp } from './verify-app-lookup.ts';
import type { VerifyAppRepository } from './verify-app.repository.port.ts';

/** `PATCH /v1/verify/apps/{id}`: the settings given changed, the others kept. */
export class UpdateVerifyApp {
  constructor(
    private readonly apps: VerifyAppRepository,
    private readonly clock: Clock,
  ) {}

  execute(input: { readonly accountId: string; readonly id: string; readonly changes: VerifyAppChanges }): ResultAsync<VerifyAppSnapshot, NotFoundError | ValidationError> {
    return findVerifyApp(this.apps, input).andThen((app) =>
      checkVerifyAppSettings(mergedSettings(app, input.changes)).asyncAndThen((settings) => {
        const updated: VerifyAppSnapshot = { ...app, ...settings, updatedAt: this.clock.now() };
        return ResultAsync.fromSafePromise(this.apps.save(updated).then(() => updated));
      }),
    );
  }
}
