import { errAsync, newId, notFound, okAsync, ResultAsync, type Clock, type NotFoundError, type ValidationError } from '@tuma/kernel';
import { checkVerifyAppSettings, VERIFY_APP_DEFAULTS, type VerifyAppSettings, type VerifyAppSnapshot } from '../../domain/apps/verify-app.ts';
import type { VerifyAppRepository } from './verify-app.repository.port.ts';

/** Settings as a create or update gives them: any left out keep their value (or the default). */
export type VerifyAppChanges = Partial<Omit<VerifyAppSettings, 'policy'>> & { readonly policy?: Partial<VerifyAppSettings['policy']> };

const merged = (base: VerifyAppSettings, changes: VerifyAppChanges): VerifyAppSettings => ({
  ...base,
  ...Object.fromEntries(Object.entries(changes).filter(([key, value]) => key !== 'policy' && value !== undefined)),
  policy: { ...base.policy, ...Object.fromEntries(Object.entries(changes.policy ?? {}).filter(([, value]) => value !== undefined)) },
});

const appNotFound = (id: string): NotFoundError => notFound('Verify App', id);

/** The account's default app, made with the defaults on first use. */
export function defaultAppOf(apps: VerifyAppRepository, accountId: string, now: Date): Promise<VerifyAppSnapshot> {
  return apps.ensureDefault({ ...VERIFY_APP_DEFAULTS, id: newId('vera', now), accountId, isDefault: true, createdAt: now, updatedAt: now });
}

/** Verify Apps: create, list, read, change and delete (docs/verify.md, "Apps"). */
export class VerifyApps {
  constructor(
    private readonly apps: VerifyAppRepository,
    private readonly clock: Clock,
  ) {}

  create(accountId: string, changes: VerifyAppChanges): ResultAsync<VerifyAppSnapshot, ValidationError> {
    const now = this.clock.now();
    return ResultAsync.fromSafePromise(this.apps.list(accountId)).andThen((existing) =>
      checkVerifyAppSettings(merged(VERIFY_APP_DEFAULTS, changes)).asyncAndThen((settings) => {
        // The first app an account makes is its default one, as the app made on first use would be.
        const app: VerifyAppSnapshot = { ...settings, id: newId('vera', now), accountId, isDefault: existing.length === 0, createdAt: now, updatedAt: now };
        return ResultAsync.fromSafePromise(this.apps.add(app).then(() => app));
      }),
    );
  }

  list(accountId: string): ResultAsync<readonly VerifyAppSnapshot[], never> {
    return ResultAsync.fromSafePromise(this.apps.list(accountId));
  }

  get(accountId: string, id: string): ResultAsync<VerifyAppSnapshot, NotFoundError> {
    return ResultAsync.fromSafePromise(this.apps.find(accountId, id)).andThen((app) => (app ? okAsync(app) : errAsync(appNotFound(id))));
  }

  update(accountId: string, id: string, changes: VerifyAppChanges): ResultAsync<VerifyAppSnapshot, NotFoundError | ValidationError> {
    return this.get(accountId, id).andThen((app) =>
      checkVerifyAppSettings(merged(app, changes)).asyncAndThen((settings) => {
        const updated: VerifyAppSnapshot = { ...app, ...settings, updatedAt: this.clock.now() };
        return ResultAsync.fromSafePromise(this.apps.save(updated).then(() => updated));
      }),
    );
  }

  /** Verifications started with it keep their policy; a later start without `app_id` makes a new default when this was it. */
  delete(accountId: string, id: string): ResultAsync<void, NotFoundError> {
    return ResultAsync.fromSafePromise(this.apps.remove(accountId, id)).andThen((removed) => (removed ? okAsync(undefined) : errAsync(appNotFound(id))));
  }
}
