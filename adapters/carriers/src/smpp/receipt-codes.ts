/**
 * Delivery receipt vocabularies: the `stat:` words of the receipt text (SMPP 3.4 Appendix B), the
 * message_state TLV values (section 5.2.28) and the `err:` / network_error_code values, which
 * SMSCs fill with GSM MAP error codes (3GPP TS 29.002) in decimal. docs/carriers.md.
 */
import type { DeliveryErrorCode, ReceiptState } from '@tuma/messaging';

const STAT_WORDS: Readonly<Record<string, ReceiptState>> = {
  DELIVRD: 'delivered',
  EXPIRED: 'expired',
  DELETED: 'deleted',
  UNDELIV: 'undeliverable',
  ACCEPTD: 'accepted',
  UNKNOWN: 'unknown',
  REJECTD: 'rejected',
  ENROUTE: 'enroute',
  SKIPPED: 'failed',
  FAILED: 'failed',
};

/** message_state: 0 SCHEDULED .. 9 SKIPPED. */
const MESSAGE_STATES: readonly ReceiptState[] = [
  'enroute',
  'enroute',
  'delivered',
  'expired',
  'deleted',
  'undeliverable',
  'accepted',
  'unknown',
  'rejected',
  'failed',
];

/** GSM MAP errors seen in receipts, by their decimal value. */
const MAP_ERRORS: ReadonlyMap<number, DeliveryErrorCode> = new Map([
  [1, 'unknown_subscriber'],
  [5, 'unknown_subscriber'],
  [6, 'absent_subscriber'],
  [9, 'subscriber_barred'],
  [11, 'subscriber_barred'],
  [12, 'handset_error'],
  [13, 'subscriber_barred'],
  [21, 'carrier_rejected'],
  [27, 'absent_subscriber'],
  [31, 'absent_subscriber'],
  [32, 'handset_error'],
  [33, 'absent_subscriber'],
  [34, 'network_error'],
  [35, 'network_error'],
  [36, 'network_error'],
]);

/** network_error_code's network type for GSM (its error code is then a MAP error). */
const NETWORK_TYPE_GSM = 3;

/** The receipt state of a `stat:` word (any case); `unknown` for words we do not know. */
export function receiptStateOfStat(stat: string): ReceiptState {
  return STAT_WORDS[stat.trim().toUpperCase()] ?? 'unknown';
}

export function receiptStateOfMessageState(messageState: number): ReceiptState {
  return MESSAGE_STATES[messageState] ?? 'unknown';
}

/** Our code for a receipt's `err:` value (`027`, `27`); null for 0, for non-numbers and for codes we do not map. */
export function errorCodeOfReceiptError(err: string): DeliveryErrorCode | null {
  if (!/^\d{1,5}$/.test(err.trim())) return null;
  return MAP_ERRORS.get(Number(err.trim())) ?? null;
}

export interface NetworkErrorCode {
  readonly networkType: number;
  readonly code: number;
}

/** The 3-octet network_error_code TLV: network type, then a 2-octet error code. */
export function parseNetworkErrorCode(value: Buffer): NetworkErrorCode | null {
  if (value.length !== 3) return null;
  return { networkType: value[0]!, code: value.readUInt16BE(1) };
}

export function errorCodeOfNetworkError(networkError: NetworkErrorCode): DeliveryErrorCode | null {
  return networkError.networkType === NETWORK_TYPE_GSM ? (MAP_ERRORS.get(networkError.code) ?? null) : null;
}
