import { currency, type Money } from '@tuma/kernel';
import type { Insertable, Selectable, Updateable } from 'kysely';
import type { ServiceStatus, ServiceType, SuspensionReason, TwoWayServiceSnapshot } from '@tuma/two-way';
import { storedMoney } from '../database/stored-money.ts';
import type { TwoWayServiceTable } from '../database/tables.ts';

const USD = currency('USD');
const usd = (amount: string, column: string): Money => storedMoney(amount, USD, `two_way_service.${column}`);
const date = (text: string | null): Date | null => (text === null ? null : new Date(text));

/** The id (a bigint, read as text) as the API carries it. */
export function storedServiceId(raw: string): number {
  const id = Number(raw);
  if (!Number.isSafeInteger(id)) throw new Error(`Two-way service id ${raw} is beyond what the API can carry`);
  return id;
}

export const serviceOf = (row: Selectable<TwoWayServiceTable>): TwoWayServiceSnapshot => ({
  id: storedServiceId(row.id),
  accountId: row.account_id,
  countryCode: row.country_code,
  type: row.type as ServiceType,
  keyword: row.keyword,
  tollFree: row.toll_free,
  number: row.number,
  useCase: row.use_case,
  companyName: row.company_name,
  kycDocumentUrls: row.kyc_document_urls as string[],
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
  status: row.status as ServiceStatus,
  approvedAt: date(row.approved_at),
  periodsPaid: row.periods_paid,
  nextChargeAt: date(row.next_charge_at),
  unpaidSince: date(row.unpaid_since),
  suspendedFor: row.suspended_for as SuspensionReason | null,
  rejectionReason: row.rejection_reason,
  cancelledAt: date(row.cancelled_at),
  createdAt: new Date(row.created_at),
  updatedAt: new Date(row.updated_at),
});

/** The columns a save writes (the request's own fields never change). */
export const savedColumns = (s: Omit<TwoWayServiceSnapshot, 'id'>) =>
  ({
    number: s.number,
    use_case: s.useCase,
    company_name: s.companyName,
    webhook_url: s.webhookUrl,
    auto_reply_enabled: s.autoReplyEnabled,
    auto_reply_text: s.autoReplyText,
    forward_email: s.forwardEmail,
    status: s.status,
    approved_at: s.approvedAt,
    periods_paid: s.periodsPaid,
    next_charge_at: s.nextChargeAt,
    unpaid_since: s.unpaidSince,
    suspended_for: s.suspendedFor,
    rejection_reason: s.rejectionReason,
    cancelled_at: s.cancelledAt,
    updated_at: s.updatedAt,
  }) satisfies Updateable<TwoWayServiceTable>;

/** Every column but the id (the sequence gives it). */
export const serviceColumns = (s: Omit<TwoWayServiceSnapshot, 'id'>): Insertable<TwoWayServiceTable> => ({
  ...savedColumns(s),
  account_id: s.accountId,
  country_code: s.countryCode,
  type: s.type,
  keyword: s.keyword,
  toll_free: s.tollFree,
  kyc_document_urls: JSON.stringify(s.kycDocumentUrls),
  setup_fee_usd: s.prices.setupFeeUsd.toDecimalString(),
  monthly_fee_usd: s.prices.monthlyFeeUsd.toDecimalString(),
  inbound_price_usd: s.prices.inboundPriceUsd.toDecimalString(),
  outbound_price_usd: s.prices.outboundPriceUsd.toDecimalString(),
  created_at: s.createdAt,
});
