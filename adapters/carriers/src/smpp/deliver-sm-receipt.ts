/**
 * Reads a deliver_sm into a DeliveryReceipt: the TLVs (receipted_message_id, message_state,
 * network_error_code) when the SMSC sends them, else the receipt text.
 */
import type { DeliveryReceipt } from '@tuma/messaging';
import { asciiFromGsm7Decoded } from './gsm7-octets.ts';
import { errorCodeOfNetworkError, errorCodeOfReceiptError, parseNetworkErrorCode, receiptStateOfMessageState, receiptStateOfStat } from './receipt-codes.ts';
import { parseReceiptText } from './receipt-text.ts';

/** esm_class message types (bits 2-5) that carry a receipt: SMSC delivery receipt, intermediate notification. */
const ESM_CLASS_RECEIPT_TYPES = 0x04 | 0x20;

/** The fields of a deliver_sm as the `smpp` package decodes them. */
export type DeliverSmFields = Readonly<Record<string, unknown>>;

export function isDeliveryReceipt(pdu: DeliverSmFields): boolean {
  return (Number(pdu['esm_class'] ?? 0) & ESM_CLASS_RECEIPT_TYPES) !== 0 || typeof pdu['receipted_message_id'] === 'string';
}

/**
 * The text of short_message (or message_payload). The `smpp` package decodes it to `{ message }`
 * by data_coding; for data_coding 0 and 1 it reads GSM 03.38, which we undo (receipts are ASCII).
 */
export function deliverSmText(pdu: DeliverSmFields): string {
  const content = deliverSmBody(pdu);
  if (Buffer.isBuffer(content)) return content.toString('latin1');
  const dataCoding = Number(pdu['data_coding'] ?? 0) & 0x0f;
  return dataCoding === 0 || dataCoding === 1 ? asciiFromGsm7Decoded(content) : content;
}

/** short_message, or message_payload when short_message is empty, as the `smpp` package decoded it: text, or octets it could not decode. */
export function deliverSmBody(pdu: DeliverSmFields): string | Buffer {
  const short = messageOf(pdu['short_message']);
  return short.length > 0 ? short : messageOf(pdu['message_payload']);
}

/** The receipt, or null when the deliver_sm names no message (no id in TLV or text). */
export function readDeliveryReceipt(pdu: DeliverSmFields, carrier: string, receivedAt: Date): DeliveryReceipt | null {
  const text = parseReceiptText(deliverSmText(pdu));
  const tlvId = typeof pdu['receipted_message_id'] === 'string' && pdu['receipted_message_id'] !== '' ? pdu['receipted_message_id'] : null;
  const carrierMessageId = tlvId ?? text?.id ?? null;
  if (carrierMessageId === null) return null;

  const messageState = typeof pdu['message_state'] === 'number' ? pdu['message_state'] : null;
  const state = messageState !== null ? receiptStateOfMessageState(messageState) : receiptStateOfStat(text?.stat ?? '');
  const networkError = Buffer.isBuffer(pdu['network_error_code']) ? parseNetworkErrorCode(pdu['network_error_code']) : null;
  const err = text?.err ?? null;
  const errorCode = (networkError && errorCodeOfNetworkError(networkError)) ?? (err === null ? null : errorCodeOfReceiptError(err));
  const carrierErrorCode = networkError ? `${networkError.networkType}:${networkError.code}` : err !== null && Number(err) !== 0 ? err : null;
  return {
    carrier,
    carrierMessageId,
    messageId: null,
    partIndex: null,
    state,
    errorCode: state === 'delivered' ? null : errorCode,
    carrierErrorCode,
    submittedAt: text?.submitDate ?? null,
    doneAt: text?.doneDate ?? null,
    receivedAt,
  };
}

function messageOf(value: unknown): string | Buffer {
  if (typeof value === 'string' || Buffer.isBuffer(value)) return value;
  if (value && typeof value === 'object' && 'message' in value) {
    const message = (value as { message: unknown }).message;
    if (typeof message === 'string' || Buffer.isBuffer(message)) return message;
  }
  return '';
}

/**
 * A receipt as it may be logged: without the `text:` it quotes (the first characters of the
 * message, which for a one-time passcode can be the code; docs/verify.md, "Codes").
 */
export const withoutQuotedText = (json: string): string => json.replace(/\btext:(?:[^"\\]|\\.)*/gi, 'text:[omitted]');
