import { errAsync, newId, notFound, okAsync, ResultAsync, type NotFoundError } from '@tuma/kernel';
import { VERIFY_APP_DEFAULTS, type VerifyAppSnapshot } from '../../domain/apps/verify-app.ts';
import type { VerifyAppRepository } from './verify-app.repository.port.ts';

export const verifyAppNotFound = (id: string): NotFoundError => notFound('verify_app', id);

/** An app of the account; another account's is not found, as a missing one. */
export function findVerifyApp(apps: VerifyAppRepository, input: { readonly accountId: string; readonly id: string }): ResultAsync<VerifyAppSnapshot, NotFoundError> {
  return ResultAsync.fromSafePromise(apps.find(input.accountId, input.id)).andThen((app) => (app ? okAsync(app) : errAsync(verifyAppNotFound(input.id))));
}

/** The account's default app, made with the defaults on first use. */
export function defaultAppOf(apps: VerifyAppRepository, accountId: string, now: Date): Promise<VerifyAppSnapshot> {
  return apps.ensureDefault({ ...VERIFY_APP_DEFAULTS, id: newId('vera', now), accountId, isDefault: true, createdAt: now, updatedAt: now });
}
