import type { Insertable, Selectable } from 'kysely';
import type { VerificationEnvironment, VerificationSnapshot, VerificationStatus } from '@tuma/verification';
import { storedMoney } from '../database/stored-money.ts';
import type { VerificationTable } from '../database/tables.ts';

export const verificationOf = (row: Selectable<VerificationTable>): VerificationSnapshot => ({
  id: row.id,
  accountId: row.account_id,
  environment: row.environment as VerificationEnvironment,
  appId: row.app_id,
  to: row.phone,
  country: row.country,
  channel: 'sms',
  status: row.status as VerificationStatus,
  codeHash: row.code_hash,
  policy: { ttlSeconds: row.ttl_seconds, maxCheckAttempts: row.max_check_attempts, maxSends: row.max_sends, resendCooldownSeconds: row.resend_cooldown_seconds },
  expiresAt: new Date(row.expires_at),
  checkAttempts: row.check_attempts,
  sends: row.sends,
  lastSentAt: new Date(row.last_sent_at),
  messageIds: row.message_ids as string[],
  cost: storedMoney(row.cost, row.currency, `cost of verification ${row.id}`),
  createdAt: new Date(row.created_at),
  updatedAt: new Date(row.updated_at),
});

export const verificationColumns = (v: VerificationSnapshot): Insertable<VerificationTable> => ({
  id: v.id,
  account_id: v.accountId,
  environment: v.environment,
  app_id: v.appId,
  phone: v.to,
  country: v.country,
  channel: v.channel,
  status: v.status,
  code_hash: v.codeHash,
  ttl_seconds: v.policy.ttlSeconds,
  max_check_attempts: v.policy.maxCheckAttempts,
  max_sends: v.policy.maxSends,
  resend_cooldown_seconds: v.policy.resendCooldownSeconds,
  expires_at: v.expiresAt,
  check_attempts: v.checkAttempts,
  sends: v.sends,
  last_sent_at: v.lastSentAt,
  message_ids: JSON.stringify(v.messageIds),
  cost: v.cost.toDecimalString(),
  currency: v.cost.currency,
  created_at: v.createdAt,
  updated_at: v.updatedAt,
});
