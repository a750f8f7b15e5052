/** Rows of `message` and `message_batch` to domain values, and messages as the jsonb records of the bulk statements. */
import { OutboundMessage, type BatchStatus, type DeliveryErrorCode, type MessageCategory, type MessageBatch, type MessageEnvironment, type OutboundMessageStatus, type PartOutcome, type SmsEncoding } from '@tuma/messaging';
import type { Selectable } from 'kysely';
import { storedMoney } from '../database/stored-money.ts';
import type { MessageBatchTable, MessageTable } from '../database/tables.ts';

const optionalDate = (value: string | null): Date | null => (value === null ? null : new Date(value));

/** A part outcome as `message.part_outcomes` keeps it (json: its time as ISO text). */
type StoredPartOutcome = Omit<PartOutcome, 'at'> & { at: string };

export function messageFromRow(row: Selectable<MessageTable>): OutboundMessage {
  const parts = row.part_outcomes as StoredPartOutcome[];
  return OutboundMessage.rehydrate({
    id: row.id,
    accountId: row.account_id,
    apiKeyId: row.api_key_id,
    environment: row.environment as MessageEnvironment,
    batchId: row.batch_id,
    batchSeq: row.batch_seq,
    phone: row.phone,
    country: row.country,
    routeCode: row.route_code,
    senderId: row.sender_id,
    text: row.text,
    originalText: row.original_text,
    category: row.category as MessageCategory,
    encoding: row.encoding as SmsEncoding,
    segments: row.segments,
    pricePerSegment: storedMoney(row.price_per_segment, row.route_currency, `price of message ${row.id}`),
    routeCost: storedMoney(row.route_cost, row.route_currency, `route cost of message ${row.id}`),
    cost: storedMoney(row.cost, row.currency, `cost of message ${row.id}`),
    chargeEntryId: row.charge_entry_id,
    scheduledAt: optionalDate(row.scheduled_at),
    createdAt: new Date(row.created_at),
    carrier: row.carrier,
    delivery: {
      status: row.status as OutboundMessageStatus,
      retryCount: row.retry_count,
      errorCode: row.error_code as DeliveryErrorCode | null,
      carrierMessageIds: row.carrier_message_ids as string[],
      partOutcomes: parts.map((p): PartOutcome => ({ ...p, at: new Date(p.at) })),
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

export function batchFromRow(row: Selectable<MessageBatchTable>): MessageBatch {
  return {
    id: row.id,
    accountId: row.account_id,
    apiKeyId: row.api_key_id,
    environment: row.environment as MessageEnvironment,
    status: row.status as BatchStatus,
    text: row.text,
    senderId: row.sender_id,
    total: row.total,
    cost: storedMoney(row.cost, row.currency, `cost of batch ${row.id}`),
    chargeEntryId: row.charge_entry_id,
    scheduledAt: optionalDate(row.scheduled_at),
    dripRate: row.drip_rate,
    createdAt: new Date(row.created_at),
  };
}
