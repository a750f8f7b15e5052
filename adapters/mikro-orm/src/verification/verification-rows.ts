import type { VerificationSnapshot, VerificationStatus } from '@tuma/verification';
import { storedMoney } from '../database/stored-money.ts';

/** A `verification` row as the driver reads it (timestamps as ISO text, JSON parsed). */
export interface VerificationRow {
  readonly id: string;
  readonly account_id: string;
  readonly environment: 'live' | 'test';
  readonly app_id: string;
  readonly phone: string;
  readonly country: string;
  readonly status: VerificationStatus;
  readonly code_hash: string | null;
  readonly ttl_seconds: number;
  readonly max_check_attempts: number;
  readonly max_sends: number;
  readonly resend_cooldown_seconds: number;
  readonly expires_at: string;
  readonly check_attempts: number;
  readonly sends: number;
  readonly last_sent_at: string;
  readonly message_ids: readonly string[] | string;
  readonly cost: string;
  readonly currency: string;
  readonly created_at: string;
  readonly updated_at: string;
}

export const VERIFICATION_COLUMNS = `v.id, v.account_id, v.environment, v.app_id, v.phone, v.country, v.status, v.code_hash, v.ttl_seconds,
  v.max_check_attempts, v.max_sends, v.resend_cooldown_seconds, v.expires_at::text as expires_at, v.check_attempts, v.sends,
  v.last_sent_at::text as last_sent_at, v.message_ids, v.cost::text as cost, v.currency, v.created_at::text as created_at, v.updated_at::text as updated_at`;

export const verificationFromRow = (row: VerificationRow): VerificationSnapshot => ({
  id: row.id,
  accountId: row.account_id,
  environment: row.environment,
  appId: row.app_id,
  to: row.phone,
  country: row.country,
  channel: 'sms',
  status: row.status,
  codeHash: row.code_hash,
  policy: { ttlSeconds: row.ttl_seconds, maxCheckAttempts: row.max_check_attempts, maxSends: row.max_sends, resendCooldownSeconds: row.resend_cooldown_seconds },
  expiresAt: new Date(row.expires_at),
  checkAttempts: row.check_attempts,
  sends: row.sends,
  lastSentAt: new Date(row.last_sent_at),
  messageIds: typeof row.message_ids === 'string' ? JSON.parse(row.message_ids) : row.message_ids,
  cost: storedMoney(row.cost, row.currency, `cost of verification ${row.id}`),
  createdAt: new Date(row.created_at),
  updatedAt: new Date(row.updated_at),
});

/** The row's values in INSERT_COLUMNS order. */
export const verificationValues = (v: VerificationSnapshot): unknown[] => [
  v.id,
  v.accountId,
  v.environment,
  v.appId,
  v.to,
  v.country,
  v.channel,
  v.status,
  v.codeHash,
  v.policy.ttlSeconds,
  v.policy.maxCheckAttempts,
  v.policy.maxSends,
  v.policy.resendCooldownSeconds,
  v.expiresAt.toISOString(),
  v.checkAttempts,
  v.sends,
  v.lastSentAt.toISOString(),
  JSON.stringify(v.messageIds),
  v.cost.toDecimalString(),
  v.cost.currency,
  v.createdAt.toISOString(),
  v.updatedAt.toISOString(),
];

export const INSERT_COLUMNS = `id, account_id, environment, app_id, phone, country, channel, status, code_hash, ttl_seconds, max_check_attempts, max_sends,
  resend_cooldown_seconds, expires_at, check_attempts, sends, last_sent_at, message_ids, cost, currency, created_at, updated_at`;
