import type { Insertable, Selectable, Updateable } from 'kysely';
import type { VerifyAppSnapshot } from '@tuma/verification';
import type { VerifyAppTable } from '../database/tables.ts';

export const appOf = (row: Selectable<VerifyAppTable>): VerifyAppSnapshot => ({
  id: row.id,
  accountId: row.account_id,
  name: row.name,
  brand: row.brand,
  template: row.template,
  codeLength: row.code_length,
  policy: { ttlSeconds: row.ttl_seconds, maxCheckAttempts: row.max_check_attempts, maxSends: row.max_sends, resendCooldownSeconds: row.resend_cooldown_seconds },
  allowedCountries: row.allowed_countries as string[],
  senderId: row.sender_id,
  isDefault: row.is_default,
  createdAt: new Date(row.created_at),
  updatedAt: new Date(row.updated_at),
});

/** The columns a save writes (the account and the default flag never change). */
export const appSettings = (app: VerifyAppSnapshot) =>
  ({
    name: app.name,
    brand: app.brand,
    template: app.template,
    code_length: app.codeLength,
    ttl_seconds: app.policy.ttlSeconds,
    max_check_attempts: app.policy.maxCheckAttempts,
    max_sends: app.policy.maxSends,
    resend_cooldown_seconds: app.policy.resendCooldownSeconds,
    allowed_countries: JSON.stringify(app.allowedCountries),
    sender_id: app.senderId,
    updated_at: app.updatedAt,
  }) satisfies Updateable<VerifyAppTable>;

export const appColumns = (app: VerifyAppSnapshot): Insertable<VerifyAppTable> => ({
  ...appSettings(app),
  id: app.id,
  account_id: app.accountId,
  is_default: app.isDefault,
  created_at: app.createdAt,
});
