import type { VerifyAppSettings } from '../../domain/apps/verify-app.ts';

/** Settings as a create or update gives them: any left out keep their value (or the default). */
export type VerifyAppChanges = Partial<Omit<VerifyAppSettings, 'policy'>> & { readonly policy?: Partial<VerifyAppSettings['policy']> };

/** `base` with the changes given (those left out, or undefined, keep their value). */
export const mergedSettings = (base: VerifyAppSettings, changes: VerifyAppChanges): VerifyAppSettings => ({
  ...base,
  ...Object.fromEntries(Object.entries(changes).filter(([key, value]) => key !== 'policy' && value !== undefined)),
  policy: { ...base.policy, ...Object.fromEntries(Object.entries(changes.policy ?? {}).filter(([, value]) => value !== undefined)) },
});
