import type { BatchView, BulkAccepted, BulkPrecheck, OutboundMessage, SentMessage, StatusLookupResult } from '@tuma/messaging';
import { DELIVERY_ERROR_CODES, MESSAGE_CATEGORIES, NOT_FOUND_STATUS } from '@tuma/messaging';
import { z } from 'zod';
import { gsm7AlternativeObject, gsm7AlternativeView } from './gsm7-alternative-view.ts';

const iso = (date: Date | null): string | null => date?.toISOString() ?? null;
const number = z.number();
const nullableString = z.string().nullable();

export const sendResponseSchema = z.object({
  id: z.string(),
  status: z.enum(['sent', 'rejected']).describe('`sent`: accepted and charged, on its way (or waiting for scheduled_at); `rejected`: the number opted out, nothing charged'),
  segments: z.number().int(),
  encoding: z.enum(['GSM7', 'UCS2']),
  recipients: z.number().int(),
  price_per_sms: number.describe('Price of one segment, in route_currency'),
  cost: number.describe('The wallet charge, in cost_currency'),
  cost_currency: z.string(),
  route_cost: number.describe('segments x price_per_sms, in route_currency'),
  route_currency: z.string(),
  route: z.string(),
  balance_after: number.nullable(),
  scheduled_at: nullableString,
  error_code: z.string().optional().describe('Only when `rejected`: why (`opted_out`)'),
  reason: z.string().optional().describe('Only when `rejected`: the same in words'),
  deferred_by_quiet_hours: z.boolean().describe('A promotional send that arrived in quiet hours: scheduled_at is when they end'),
});

export function sendResponseView(sent: SentMessage): z.infer<typeof sendResponseSchema> {
  const { message, price } = sent;
  const rejected = message.delivery.status === 'rejected';
  return {
    id: message.id,
    status: rejected ? 'rejected' : 'sent',
    segments: message.segments,
    encoding: message.encoding,
    recipients: 1,
    price_per_sms: price.pricePerSegment.toNumber(),
    cost: rejected ? 0 : price.walletCost.toNumber(),
    cost_currency: price.walletCost.currency,
    route_cost: rejected ? 0 : price.routeCost.toNumber(),
    route_currency: price.routeCost.currency,
    route: message.routeCode,
    balance_after: sent.balanceAfter?.toNumber() ?? null,
    scheduled_at: iso(message.scheduledAt),
    deferred_by_quiet_hours: sent.deferredByQuietHours,
    ...(rejected && message.delivery.errorCode
      ? { error_code: message.delivery.errorCode, reason: DELIVERY_ERROR_CODES[message.delivery.errorCode].description }
      : {}),
  };
}

export const messageSchema = z.object({
  id: z.string(),
  phone: z.string(),
  text: z.string().describe('The text sent'),
  original_text: nullableString.describe('The text as given, when smart encoding changed it; else null'),
  category: z.enum(MESSAGE_CATEGORIES),
  sender_id: z.string(),
  route: z.string(),
  country: z.string(),
  segments: z.number().int(),
  encoding: z.enum(['GSM7', 'UCS2']),
  environment: z.enum(['live', 'test']),
  cost: number,
  currency: z.string(),
  status: z.string(),
  error_code: nullableString,
  retry_count: z.number().int(),
  batch_id: nullableString,
  scheduled_at: nullableString,
  created_at: z.string(),
  submitted_at: nullableString,
  delivered_at: nullableString,
  failed_at: nullableString,
});

/** The list view truncates the text to 100 characters (code points); the single view has it whole. */
export const LIST_TEXT_LENGTH = 100;

export function messageView(message: OutboundMessage, truncate: boolean): z.infer<typeof messageSchema> {
  const d = message.delivery;
  const characters = Array.from(message.text);
  return {
    id: message.id,
    phone: message.phone,
    text: truncate && characters.length > LIST_TEXT_LENGTH ? characters.slice(0, LIST_TEXT_LENGTH).join('') : message.text,
    original_text: message.originalText === null || !truncate ? message.originalText : Array.from(message.originalText).slice(0, LIST_TEXT_LENGTH).join(''),
    category: message.category,
    sender_id: message.senderId,
    route: message.routeCode,
    country: message.country,
    segments: message.segments,
    encoding: message.encoding,
    environment: message.environment,
    cost: message.cost.toNumber(),
    currency: message.cost.currency,
    status: d.status,
    error_code: d.errorCode,
    retry_count: d.retryCount,
    batch_id: message.batchId,
    scheduled_at: iso(message.scheduledAt),
    created_at: message.createdAt.toISOString(),
    submitted_at: iso(d.submittedAt),
    delivered_at: iso(d.deliveredAt),
    failed_at: iso(d.failedAt),
  };
}

export const statusItemSchema = z.union([
  z.object({
    id: z.string(),
    status: z.string(),
    segments: z.number().int(),
    error_code: nullableString,
    error_message: nullableString,
    submitted_at: nullableString,
    delivered_at: nullableString,
  }),
  z.object({ id: z.string(), status: z.literal(NOT_FOUND_STATUS) }),
]);

export function statusItemsView(lookup: StatusLookupResult): z.infer<typeof statusItemSchema>[] {
  return lookup.map(({ id, message }) => {
    if (!message) return { id, status: NOT_FOUND_STATUS };
    const d = message.delivery;
    return {
      id,
      status: d.status,
      segments: message.segments,
      error_code: d.errorCode,
      error_message: d.errorCode ? DELIVERY_ERROR_CODES[d.errorCode].description : null,
      submitted_at: iso(d.submittedAt),
      delivered_at: iso(d.deliveredAt),
    };
  });
}

export const batchSchema = z.object({
  batch_id: z.string(),
  total: z.number().int(),
  counts: z.record(z.string(), z.number().int()),
  cost: number,
  currency: z.string(),
  page: z.number().int(),
  limit: z.number().int(),
  messages: z.array(
    z.object({
      id: z.string(),
      phone: z.string(),
      status: z.string(),
      segments: z.number().int(),
      cost: number,
      error_code: nullableString,
      created_at: z.string(),
      delivered_at: nullableString,
    }),
  ),
});

export function batchView(view: BatchView): z.infer<typeof batchSchema> {
  return {
    batch_id: view.batchId,
    total: view.total,
    counts: { ...view.counts },
    cost: view.cost?.toNumber() ?? 0,
    currency: view.cost?.currency ?? '',
    page: view.page,
    limit: view.limit,
    messages: view.messages.map((m) => ({
      id: m.id,
      phone: m.phone,
      status: m.delivery.status,
      segments: m.segments,
      cost: m.cost.toNumber(),
      error_code: m.delivery.errorCode,
      created_at: m.createdAt.toISOString(),
      delivered_at: iso(m.delivery.deliveredAt),
    })),
  };
}

export const bulkResponseSchema = z.object({
  batch_id: z.string(),
  total_recipients: z.number().int().describe('Unique, not opted-out recipients'),
  estimated_cost: number.describe('In the wallet currency; charged at once for live keys'),
  status: z.enum(['sending', 'scheduled', 'dripping']),
  deferred_by_quiet_hours: z.boolean().describe('Some promotional members arrived in their quiet hours and wait for them to end'),
  quiet_hours_deferrals: z
    .array(z.object({ country: z.string(), scheduled_at: z.string(), recipients: z.number().int() }))
    .describe('The deferred members by country and time they go at, earliest first'),
});

export const bulkResponseView = ({ batch, deferrals }: BulkAccepted): z.infer<typeof bulkResponseSchema> => ({
  batch_id: batch.id,
  total_recipients: batch.total,
  estimated_cost: batch.cost.toNumber(),
  status: batch.status,
  deferred_by_quiet_hours: deferrals.length > 0,
  quiet_hours_deferrals: deferrals.map((d) => ({ country: d.country, scheduled_at: d.scheduledAt.toISOString(), recipients: d.recipients })),
});

export const precheckSchema = z.object({
  total_contacts: z.number().int(),
  total_segments: z.number().int(),
  total_cost: number,
  wallet_currency: z.string(),
  wallet_balance: number.nullable(),
  balance_after: number.nullable(),
  sufficient_balance: z.boolean(),
  countries: z.number().int(),
  breakdown: z.array(
    z.object({
      country_code: z.string(),
      country_name: z.string(),
      currency: z.string(),
      route_code: z.string(),
      contacts: z.number().int(),
      segments: z.number().int(),
      route_cost: number,
      wallet_cost: number,
      price_per_segment: number,
    }),
  ),
  unroutable: z.array(z.object({ to: z.string(), reason: z.string() })),
  unroutable_count: z.number().int(),
  suppressed_count: z.number().int(),
  gsm7_alternative: gsm7AlternativeObject
    .extend({ ucs2_members: z.number().int().describe('Members whose message is UCS-2') })
    .nullable()
    .describe('Only when members messages are UCS-2: what forced it (the text characters, or the first UCS-2 member rendered text when only recipients values do) and the batch GSM-7 price; else null'),
});

export const precheckView = (p: BulkPrecheck): z.infer<typeof precheckSchema> => ({
  total_contacts: p.totalContacts,
  total_segments: p.totalSegments,
  total_cost: p.totalCost.toNumber(),
  wallet_currency: p.walletCurrency,
  wallet_balance: p.walletBalance?.toNumber() ?? null,
  balance_after: p.balanceAfter?.toNumber() ?? null,
  sufficient_balance: p.sufficientBalance,
  countries: p.breakdown.length,
  breakdown: p.breakdown.map((row) => ({
    country_code: row.countryCode,
    country_name: row.countryName,
    currency: row.currency,
    route_code: row.routeCode,
    contacts: row.contacts,
    segments: row.segments,
    route_cost: row.routeCost.toNumber(),
    wallet_cost: row.walletCost.toNumber(),
    price_per_segment: row.pricePerSegment.toNumber(),
  })),
  unroutable: [...p.unroutable],
  unroutable_count: p.unroutableCount,
  suppressed_count: p.suppressedCount,
  gsm7_alternative: p.gsm7Alternative && { ...gsm7AlternativeView(p.gsm7Alternative), ucs2_members: p.gsm7Alternative.ucs2Members },
});
