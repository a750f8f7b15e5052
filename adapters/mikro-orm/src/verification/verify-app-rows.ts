import type { VerifyAppSnapshot } from '@tuma/verification';

export interface VerifyAppRow {
  readonly id: string;
  readonly account_id: string;
  readonly name: string;
  readonly brand: string;
  readonly template: string;
  readonly code_length: number;
  readonly ttl_seconds: number;
  readonly max_check_attempts: number;
  readonly max_sends: number;
  readonly resend_cooldown_seconds: number;
  readonly allowed_countries: readonly string[] | string;
  readonly sender_id: string | null;
  readonly is_default: boolean;
  readonly created_at: string;
  readonly updated_at: string;
}

export const APP_COLUMNS = `id, account_id, name, brand, template, code_length, ttl_seconds, max_check_attempts, max_sends, resend_cooldown_seconds,
  allowed_countries, sender_id, is_default, created_at, updated_at`;

export const SELECT_APP = `select id, account_id, name, brand, template, code_length, ttl_seconds, max_check_attempts, max_sends, resend_cooldown_seconds,
  allowed_countries, sender_id, is_default, created_at::text as created_at, updated_at::text as updated_at from verify_app`;

export const appFromRow = (row: VerifyAppRow): VerifyAppSnapshot => ({
  id: row.id,
  accountId: row.account_id,
  name: row.name,
  brand: row.brand,
  template: row.template,
  codeLength: row.code_length,
  policy: { ttlSeconds: row.ttl_seconds, maxCheckAttempts: row.max_check_attempts, maxSends: row.max_sends, resendCooldownSeconds: row.resend_cooldown_seconds },
  allowedCountries: typeof row.allowed_countries === 'string' ? JSON.parse(row.allowed_countries) : row.allowed_countries,
  senderId: row.sender_id,
  isDefault: row.is_default,
  createdAt: new Date(row.created_at),
  updatedAt: new Date(row.updated_at),
});

export const appValues = (app: VerifyAppSnapshot): unknown[] => [
  app.id,
  app.accountId,
  app.name,
  app.brand,
  app.template,
  app.codeLength,
  app.policy.ttlSeconds,
  app.policy.maxCheckAttempts,
  app.policy.maxSends,
  app.policy.resendCooldownSeconds,
  JSON.stringify(app.allowedCountries),
  app.senderId,
  app.isDefault,
  app.createdAt.toISOString(),
  app.updatedAt.toISOString(),
];
