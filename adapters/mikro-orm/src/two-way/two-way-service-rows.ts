import { currency, type Money } from '@tuma/kernel';
import type { ServiceStatus, ServiceType, SuspensionReason, TwoWayServiceSnapshot } from '@tuma/two-way';
import { storedMoney } from '../database/stored-money.ts';

/** A `two_way_service` row as the driver reads it (ids and amounts as text, timestamps as ISO text). */
export interface TwoWayServiceRow {
  readonly id: string;
  readonly account_id: string;
  readonly country_code: string;
  readonly type: ServiceType;
  readonly keyword: string | null;
  readonly toll_free: boolean;
  readonly number: string | null;
  readonly use_case: string;
  readonly company_name: string;
  readonly kyc_document_urls: readonly string[] | string;
  readonly webhook_url: string | null;
  readonly auto_reply_enabled: boolean;
  readonly auto_reply_text: string;
  readonly forward_email: string | null;
  readonly setup_fee_usd: string;
  readonly monthly_fee_usd: string;
  readonly inbound_price_usd: string;
  readonly outbound_price_usd: string;
  readonly status: ServiceStatus;
  readonly approved_at: string | null;
  readonly periods_paid: number;
  readonly next_charge_at: string | null;
  readonly unpaid_since: string | null;
  readonly suspended_for: SuspensionReason | null;
  readonly rejection_reason: string | null;
  readonly cancelled_at: string | null;
  readonly created_at: string;
  readonly updated_at: string;
}

/** Every column but the id, in the order of `serviceValues`. */
export const INSERT_COLUMNS =
  'account_id, country_code, type, keyword, toll_free, number, use_case, company_name, kyc_document_urls, webhook_url, auto_reply_enabled, auto_reply_text, forward_email, ' +
  'setup_fee_usd, monthly_fee_usd, inbound_price_usd, outbound_price_usd, status, approved_at, periods_paid, next_charge_at, unpaid_since, suspended_for, rejection_reason, cancelled_at, created_at, updated_at';

/** The columns a save writes (the request's own fields never change). */
export const SAVED_COLUMNS = [
  'number', 'use_case', 'company_name', 'webhook_url', 'auto_reply_enabled', 'auto_reply_text', 'forward_email', 'status', 'approved_at', 'periods_paid',
  'next_charge_at', 'unpaid_since', 'suspended_for', 'rejection_reason', 'cancelled_at', 'updated_at',
] as const;

const TIMESTAMPS = new Set(['approved_at', 'next_charge_at', 'unpaid_since', 'cancelled_at', 'created_at', 'updated_at']);

/** `s.<column>` for reading, timestamps as text (what the domain parses) and the id as text (bigint). */
export const SERVICE_COLUMNS = ['id', ...INSERT_COLUMNS.split(', ')]
  .map((column) => (TIMESTAMPS.has(column) || column === 'id' ? `s.${column}::text as ${column}` : `s.${column}`))
  .join(', ');

const USD = currency('USD');
const usd = (amount: string, column: string): Money => storedMoney(String(amount), USD, `two_way_service.${column}`);
const date = (text: string | null): Date | null => (text === null ? null : new Date(text));
const iso = (value: Date | null): string | null => value?.toISOString() ?? null;

export function storedServiceId(raw: string): number {
  const id = Number(raw);
  if (!Number.isSafeInteger(id)) throw new Error(`Two-way service id ${raw} is beyond what the API can carry`);
  return id;
}

export const serviceFromRow = (row: TwoWayServiceRow): TwoWayServiceSnapshot => ({
  id: storedServiceId(row.id),
  accountId: row.account_id,
  countryCode: row.country_code,
  type: row.type,
  keyword: row.keyword,
  tollFree: row.toll_free,
  number: row.number,
  useCase: row.use_case,
  companyName: row.company_name,
  kycDocumentUrls: typeof row.kyc_document_urls === 'string' ? (JSON.parse(row.kyc_document_urls) as string[]) : row.kyc_document_urls,
  webhookUrl: row.webhook_url,
  autoReplyEnabled: row.auto_reply_enabled,
  autoReplyText: row.auto_reply_text,
  forwardEmail: row.forward_email,
  prices: {
    setupFeeUsd: usd(row.setup_fee_usd, 'setup_fee_usd'),
    monthlyFeeUsd: usd(row.monthly_fee_usd, 'monthly_fee_usd'),
    inboundPriceUsd: usd(row.inbound_price_usd, 'inbound_price_usd'),
    outboundPriceUsd: usd(row.outbound_price_usd, 'outbound_price_usd'),
  },
  status: row.status,
  approvedAt: date(row.approved_at),
  periodsPaid: row.periods_paid,
  nextChargeAt: date(row.next_charge_at),
  unpaidSince: date(row.unpaid_since),
  suspendedFor: row.suspended_for,
  rejectionReason: row.rejection_reason,
  cancelledAt: date(row.cancelled_at),
  createdAt: new Date(row.created_at),
  updatedAt: new Date(row.updated_at),
});

/** The row's values in INSERT_COLUMNS order. */
export const serviceValues = (s: Omit<TwoWayServiceSnapshot, 'id'>): unknown[] => [
  s.accountId, s.countryCode, s.type, s.keyword, s.tollFree, s.number, s.useCase, s.companyName, JSON.stringify(s.kycDocumentUrls), s.webhookUrl,
  s.autoReplyEnabled, s.autoReplyText, s.forwardEmail, s.prices.setupFeeUsd.toDecimalString(), s.prices.monthlyFeeUsd.toDecimalString(),
  s.prices.inboundPriceUsd.toDecimalString(), s.prices.outboundPriceUsd.toDecimalString(), s.status, iso(s.approvedAt), s.periodsPaid,
  iso(s.nextChargeAt), iso(s.unpaidSince), s.suspendedFor, s.rejectionReason, iso(s.cancelledAt), s.createdAt.toISOString(), s.updatedAt.toISOString(),
];

/** The values of SAVED_COLUMNS. */
export const savedValues = (s: TwoWayServiceSnapshot): unknown[] => [
  s.number, s.useCase, s.companyName, s.webhookUrl, s.autoReplyEnabled, s.autoReplyText, s.forwardEmail, s.status, iso(s.approvedAt), s.periodsPaid,
  iso(s.nextChargeAt), iso(s.unpaidSince), s.suspendedFor, s.rejectionReason, iso(s.cancelledAt), s.updatedAt.toISOString(),
];
