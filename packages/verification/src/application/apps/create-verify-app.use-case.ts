import { newId, ResultAsync, type Clock, type ValidationError } from '@tuma/kernel';
import { checkVerifyAppSettings, VERIFY_APP_DEFAULTS, type VerifyAppSnapshot } from '../../domain/apps/verify-app.ts';
import { mergedSettings, type VerifyAppChanges } from './verify-app-changes.ts';
import type { VerifyAppRepository } from './verify-app.repository.port.ts';

/** `POST /v1/verify/apps` (docs/verify.md, "Apps"): an app with the settings given, the defaults for the others. */
export class CreateVerifyApp {
  constructor(
    private readonly apps: VerifyAppRepository,
    private readonly clock: Clock,
  ) {}

  execute(input: { readonly accountId: string; readonly changes: VerifyAppChanges }): ResultAsync<VerifyAppSnapshot, ValidationError> {
    const now = this.clock.now();
    return ResultAsync.fromSafePromise(this.apps.list(input.accountId)).andThen((existing) =>
      checkVerifyAppSettings(mergedSettings(VERIFY_APP_DEFAULTS, input.changes)).asyncAndThen((settings) => {
        // The first app an account makes is its default one, as the app made on first use would be.
        const app: VerifyAppSnapshot = { ...settings, id: newId('vera', now), accountId: input.accountId, isDefault: existing.length === 0, createdAt: now, updatedAt: now };
        return ResultAsync.fromSafePromise(this.apps.add(app).then(() => app));
      }),
    );
  }
}
