/**
 * The wire format of Two-Way SMS (the spec's "Two-way pricing entry" and "Two-way service"):
 * field names are the spec's; money is a JSON number in USD (Money.toNumber, full micro precision).
 */
import type { LedgerEntry } from '@tuma/billing';
import type { Money } from '@tuma/kernel';
import type { SentMessage } from '@tuma/messaging';
import { SERVICE_STATUSES, SERVICE_TYPES, type AccountSmsPrice, type KeywordCheck, type ShortCode, type TwoWayMessage, type TwoWayPricingEntry, type TwoWayServiceSnapshot } from '@tuma/two-way';
import { z } from 'zod';

const usd = (money: Money | null): number | null => money?.toNumber() ?? null;

export const twoWayPricingEntrySchema = z.object({
  country_code: z.string(),
  country_name: z.string(),
  setup_fee_usd: z.number().describe('Dedicated code; a shared keyword has none'),
  monthly_fee_usd: z.number().describe('Dedicated code, VAT inclusive'),
  shared_keyword_monthly_fee_usd: z.number(),
  sms_basic_price_usd: z.number().nullable().describe("The country's SMS route price per segment in USD; null without an active route"),
  price_source: z.enum(['basic', 'custom']),
  inbound_price_usd: z.number().nullable(),
  outbound_price_usd: z.number().nullable().describe('Per segment'),
  toll_free_available: z.boolean(),
  toll_free_inbound_price_usd: z.number().nullable().describe('Null means the same as inbound_price_usd'),
  networks: z.array(z.string()),
  is_available: z.boolean().describe('False when the country has neither a basic rate nor a custom price'),
});

export const twoWayPricingSchema = z.object({ currency: z.literal('USD'), countries: z.array(twoWayPricingEntrySchema) });

export const twoWayPricingEntryView = (e: TwoWayPricingEntry): z.infer<typeof twoWayPricingEntrySchema> => ({
  country_code: e.countryCode,
  country_name: e.countryName,
  setup_fee_usd: e.setupFeeUsd.toNumber(),
  monthly_fee_usd: e.monthlyFeeUsd.toNumber(),
  shared_keyword_monthly_fee_usd: e.sharedKeywordMonthlyFeeUsd.toNumber(),
  sms_basic_price_usd: usd(e.smsBasicPriceUsd),
  price_source: e.priceSource,
  inbound_price_usd: usd(e.inboundPriceUsd),
  outbound_price_usd: usd(e.outboundPriceUsd),
  toll_free_available: e.tollFreeAvailable,
  toll_free_inbound_price_usd: usd(e.tollFreeInboundPriceUsd),
  networks: [...e.networks],
  is_available: e.isAvailable,
});

export const twoWayServiceSchema = z.object({
  id: z.number().int(),
  status: z.enum(SERVICE_STATUSES),
  country_code: z.string(),
  type: z.enum(SERVICE_TYPES),
  keyword: z.string().nullable().describe('Upper case; null for dedicated'),
  toll_free: z.boolean(),
  number: z.string().nullable().describe('The short code; null until approved'),
  use_case: z.string(),
  company_name: z.string(),
  webhook_url: z.string().nullable().describe("When null, inbound events go to the account's mo_url"),
  auto_reply_enabled: z.boolean(),
  auto_reply_text: z.string(),
  forward_email: z.string().nullable(),
  setup_fee_usd: z.number(),
  monthly_fee_usd: z.number(),
  inbound_price_usd: z.number(),
  outbound_price_usd: z.number(),
  next_billing_at: z.string().nullable().describe('When the next monthly fee (or the daily retry of an unpaid one) is charged; null when none will be'),
  created_at: z.string(),
});

export const twoWayServiceView = (s: TwoWayServiceSnapshot): z.infer<typeof twoWayServiceSchema> => ({
  id: s.id,
  status: s.status,
  country_code: s.countryCode,
  type: s.type,
  keyword: s.keyword,
  toll_free: s.tollFree,
  number: s.number,
  use_case: s.useCase,
  company_name: s.companyName,
  webhook_url: s.webhookUrl,
  auto_reply_enabled: s.autoReplyEnabled,
  auto_reply_text: s.autoReplyText,
  forward_email: s.forwardEmail,
  setup_fee_usd: s.prices.setupFeeUsd.toNumber(),
  monthly_fee_usd: s.prices.monthlyFeeUsd.toNumber(),
  inbound_price_usd: s.prices.inboundPriceUsd.toNumber(),
  outbound_price_usd: s.prices.outboundPriceUsd.toNumber(),
  next_billing_at: s.nextChargeAt?.toISOString() ?? null,
  created_at: s.createdAt.toISOString(),
});

/** What operators see besides the customer's view: whose it is, the KYC documents and the billing state. */
export const adminTwoWayServiceSchema = twoWayServiceSchema.extend({
  account_id: z.string(),
  kyc_document_urls: z.array(z.string()),
  approved_at: z.string().nullable(),
  periods_paid: z.number().int(),
  unpaid_since: z.string().nullable(),
  suspended_for: z.enum(['operator', 'non_payment']).nullable(),
  rejection_reason: z.string().nullable(),
  cancelled_at: z.string().nullable(),
});

const iso = (date: Date | null): string | null => date?.toISOString() ?? null;

export const adminTwoWayServiceView = (s: TwoWayServiceSnapshot): z.infer<typeof adminTwoWayServiceSchema> => ({
  ...twoWayServiceView(s),
  account_id: s.accountId,
  kyc_document_urls: [...s.kycDocumentUrls],
  approved_at: iso(s.approvedAt),
  periods_paid: s.periodsPaid,
  unpaid_since: iso(s.unpaidSince),
  suspended_for: s.suspendedFor,
  rejection_reason: s.rejectionReason,
  cancelled_at: iso(s.cancelledAt),
});

/** An approval: the service and the one fee entry (setup fee and period 1) in the wallet currency. */
export const twoWayApprovalSchema = z.object({
  service: adminTwoWayServiceSchema,
  charge: z.object({ transaction_id: z.string(), amount: z.number(), currency: z.string(), balance_after: z.number() }),
});

export const twoWayApprovalView = (service: TwoWayServiceSnapshot, charge: LedgerEntry): z.infer<typeof twoWayApprovalSchema> => ({
  service: adminTwoWayServiceView(service),
  charge: { transaction_id: charge.id, amount: charge.amount.negate().toNumber(), currency: charge.amount.currency, balance_after: charge.balanceAfter.toNumber() },
});

export const keywordCheckSchema = z.object({
  keyword: z.string().describe('As it would be held (upper case), or as given when invalid'),
  country_code: z.string(),
  available: z.boolean(),
  reason: z.enum(['invalid', 'reserved', 'taken', 'country_unavailable']).nullable().describe('Why not available; null when it is'),
});

export const keywordCheckView = (c: KeywordCheck): z.infer<typeof keywordCheckSchema> => ({ keyword: c.keyword, country_code: c.countryCode, available: c.available, reason: c.reason });

export const shortCodeSchema = z.object({ number: z.string(), country_code: z.string(), kind: z.enum(['shared', 'dedicated']) });

export const shortCodeView = (c: ShortCode): z.infer<typeof shortCodeSchema> => ({ number: c.number, country_code: c.countryCode, kind: c.kind });

export const twoWayMessageSchema = z.object({
  id: z.string(),
  direction: z.enum(['inbound', 'outbound']),
  from: z.string(),
  to: z.string(),
  text: z.string(),
  keyword: z.string().nullable(),
  phone: z.string(),
  status: z.string().describe('`received` for inbound; an outbound one’s current status (queued, sent, submitted, delivered, failed, rejected)'),
  billed: z.boolean().nullable().describe('Whether the inbound price was collected (false when the wallet could not pay); null for outbound'),
  cost: z.number().describe('In the wallet currency'),
  auto_reply: z.boolean(),
  created_at: z.string(),
});

export const twoWayMessageView = (m: TwoWayMessage): z.infer<typeof twoWayMessageSchema> => ({
  id: m.id,
  direction: m.direction,
  from: m.from,
  to: m.to,
  text: m.text,
  keyword: m.keyword,
  phone: m.phone,
  status: m.status,
  billed: m.billed,
  cost: m.cost.toNumber(),
  auto_reply: m.autoReply,
  created_at: m.createdAt.toISOString(),
});

/** The spec's reply response. */
export const replySchema = z.object({
  id: z.string(),
  status: z.literal('submitted'),
  segments: z.number().int(),
  cost: z.number().describe('Charged, in the wallet currency (0 for a test key)'),
  currency: z.string(),
  balance_after: z.number().nullable(),
});

export const replyView = ({ message, balanceAfter }: SentMessage): z.infer<typeof replySchema> => ({
  id: message.id,
  status: 'submitted',
  segments: message.segments,
  cost: message.environment === 'live' ? message.cost.toNumber() : 0,
  currency: message.cost.currency,
  balance_after: balanceAfter?.toNumber() ?? null,
});

export const accountSmsPriceSchema = z.object({
  account_id: z.string(),
  country_code: z.string(),
  price_usd: z.number().nullable().describe('USD a segment; null: none (the service rates apply)'),
  price_source: z.enum(['custom', 'basic']),
});

export const accountSmsPriceView = (p: AccountSmsPrice): z.infer<typeof accountSmsPriceSchema> => ({
  account_id: p.accountId,
  country_code: p.countryCode,
  price_usd: usd(p.priceUsd),
  price_source: p.priceSource,
});
