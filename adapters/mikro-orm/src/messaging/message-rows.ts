/** Rows of `message` and `message_batch` to domain values and back. */
import { OutboundMessage, type BatchStatus, type DeliveryErrorCode, type MessageCategory, type MessageBatch, type MessageEnvironment, type OutboundMessageStatus, type PartOutcome, type SmsEncoding } from '@tuma/messaging';
import { storedMoney } from '../database/stored-money.ts';

/** Every column of a message, in the shape the statements select. */
export const MESSAGE_COLUMNS = `m.id, m.account_id, m.api_key_id, m.environment, m.batch_id, m.batch_seq, m.phone, m.country, m.route_code,
  m.sender_id, m.text, m.original_text, m.category, m.encoding, m.segments, m.price_per_segment::text as price_per_segment, m.route_cost::text as route_cost,
  m.route_currency, m.cost::text as cost, m.currency, m.charge_entry_id, m.scheduled_at, m.created_at, m.carrier, m.status,
  m.retry_count, m.error_code, m.carrier_message_ids, m.part_outcomes, m.sent_at, m.submitted_at, m.delivered_at, m.failed_at`;

export interface MessageRow {
  id: string;
  account_id: string;
  api_key_id: string | null;
  environment: string;
  batch_id: string | null;
  batch_seq: number | null;
  phone: string;
  country: string;
  route_code: string;
  sender_id: string;
  text: string;
  original_text: string | null;
  category: string;
  encoding: string;
  segments: number;
  price_per_segment: string;
  route_cost: string;
  route_currency: string;
  cost: string;
  currency: string;
  charge_entry_id: string | null;
  scheduled_at: Date | string | null;
  created_at: Date | string;
  carrier: string | null;
  status: string;
  retry_count: number;
  error_code: string | null;
  carrier_message_ids: unknown;
  part_outcomes: unknown;
  sent_at: Date | string | null;
  submitted_at: Date | string | null;
  delivered_at: Date | string | null;
  failed_at: Date | string | null;
}

/** json columns arrive parsed or as text, depending on the driver. */
const json = <T>(value: unknown): T => (typeof value === 'string' ? JSON.parse(value) : value) as T;
export const date = (value: Date | string): Date => (value instanceof Date ? value : new Date(value));
const optionalDate = (value: Date | string | null): Date | null => (value === null ? null : date(value));

export function messageFromRow(row: MessageRow): OutboundMessage {
  const parts = json<{ carrierMessageId: string; outcome: 'delivered' | 'failed'; errorCode: string | null; at: string }[]>(row.part_outcomes);
  return OutboundMessage.rehydrate({
    id: row.id,
    accountId: row.account_id,
    apiKeyId: row.api_key_id,
    environment: row.environment as MessageEnvironment,
    batchId: row.batch_id,
    batchSeq: row.batch_seq === null ? null : Number(row.batch_seq),
    phone: row.phone,
    country: row.country,
    routeCode: row.route_code,
    senderId: row.sender_id,
    text: row.text,
    originalText: row.original_text,
    category: row.category as MessageCategory,
    encoding: row.encoding as SmsEncoding,
    segments: Number(row.segments),
    pricePerSegment: storedMoney(row.price_per_segment, row.route_currency, `price of message ${row.id}`),
    routeCost: storedMoney(row.route_cost, row.route_currency, `route cost of message ${row.id}`),
    cost: storedMoney(row.cost, row.currency, `cost of message ${row.id}`),
    chargeEntryId: row.charge_entry_id,
    scheduledAt: optionalDate(row.scheduled_at),
    createdAt: date(row.created_at),
    carrier: row.carrier,
    delivery: {
      status: row.status as OutboundMessageStatus,
      retryCount: Number(row.retry_count),
      errorCode: row.error_code as DeliveryErrorCode | null,
      carrierMessageIds: json<string[]>(row.carrier_message_ids),
      partOutcomes: parts.map((p): PartOutcome => ({ ...p, errorCode: p.errorCode as DeliveryErrorCode | null, at: new Date(p.at) })),
      sentAt: optionalDate(row.sent_at),
      submittedAt: optionalDate(row.submitted_at),
      deliveredAt: optionalDate(row.delivered_at),
      failedAt: optionalDate(row.failed_at),
    },
  });
}

/** The delivery columns of a message, as one jsonb record for `jsonb_to_recordset`. */
export function deliveryRecord(message: OutboundMessage): Record<string, unknown> {
  const d = message.delivery;
  return {
    id: message.id,
    carrier: message.carrier,
    status: d.status,
    retry_count: d.retryCount,
    error_code: d.errorCode,
    carrier_message_ids: d.carrierMessageIds,
    part_outcomes: d.partOutcomes,
    sent_at: d.sentAt,
    submitted_at: d.submittedAt,
    delivered_at: d.deliveredAt,
    failed_at: d.failedAt,
  };
}

/** Every column of a new message, as one jsonb record for `jsonb_to_recordset`. */
export function messageRecord(message: OutboundMessage): Record<string, unknown> {
  return {
    ...deliveryRecord(message),
    account_id: message.accountId,
    api_key_id: message.apiKeyId,
    environment: message.environment,
    batch_id: message.batchId,
    batch_seq: message.batchSeq,
    phone: message.phone,
    country: message.country,
    route_code: message.routeCode,
    sender_id: message.senderId,
    text: message.text,
    original_text: message.originalText,
    category: message.category,
    encoding: message.encoding,
    segments: message.segments,
    price_per_segment: message.pricePerSegment.toDecimalString(),
    route_cost: message.routeCost.toDecimalString(),
    route_currency: message.routeCost.currency,
    cost: message.cost.toDecimalString(),
    currency: message.cost.currency,
    charge_entry_id: message.chargeEntryId,
    scheduled_at: message.scheduledAt,
    created_at: message.createdAt,
  };
}

export interface BatchRow {
  id: string;
  account_id: string;
  api_key_id: string | null;
  environment: string;
  status: string;
  text: string;
  sender_id: string | null;
  total: number;
  cost: string;
  currency: string;
  charge_entry_id: string | null;
  scheduled_at: Date | string | null;
  drip_rate: number | null;
  created_at: Date | string;
}

export function batchFromRow(row: BatchRow): MessageBatch {
  return {
    id: row.id,
    accountId: row.account_id,
    apiKeyId: row.api_key_id,
    environment: row.environment as MessageEnvironment,
    status: row.status as BatchStatus,
    text: row.text,
    senderId: row.sender_id,
    total: Number(row.total),
    cost: storedMoney(row.cost, row.currency, `cost of batch ${row.id}`),
    chargeEntryId: row.charge_entry_id,
    scheduledAt: optionalDate(row.scheduled_at),
    dripRate: row.drip_rate === null ? null : Number(row.drip_rate),
    createdAt: date(row.created_at),
  };
}
