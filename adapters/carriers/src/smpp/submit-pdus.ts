/**
 * The submit_sm PDUs of one message. docs/carriers.md, "SMPP".
 *
 * - GSM7 text: data_coding 0 (SMSC default alphabet), GSM 03.38 unpacked, one septet per octet.
 * - UCS2 text: data_coding 8, UTF-16 big-endian.
 * - A message of several parts: one submit_sm per part with a concatenation UDH (IEI 0x00, 8-bit
 *   reference) and esm_class 0x40; or, with `longMessages: 'payload'`, one submit_sm carrying the
 *   whole text in the message_payload TLV (the SMSC splits it).
 * - registered_delivery 1: a receipt for the final outcome, success or failure.
 */
import type { CarrierSubmission } from '@tuma/messaging';
import { destinationAddress, sourceAddress } from './addresses.ts';
import { encodeGsm7Unpacked } from './gsm7-octets.ts';

export type LongMessageMode = 'udh' | 'payload';

export const DATA_CODING = { smscDefault: 0x00, ucs2: 0x08 } as const;
export const ESM_CLASS_UDH_INDICATOR = 0x40;
export const REGISTERED_DELIVERY_FINAL = 0x01;

/** IEI 0x00 "concatenated short messages, 8-bit reference number", 3 octets of data. */
const CONCATENATION_IEI = 0x00;

export interface SubmitPduOptions {
  readonly longMessages: LongMessageMode;
  /** 0..255; the same for every part of the message, different for the messages in between. */
  readonly reference: number;
  readonly serviceType: string;
}

export type SubmitSmFields = Readonly<Record<string, string | number | Buffer>>;

export function concatenationUdh(reference: number, total: number, sequence: number): Buffer {
  return Buffer.from([0x05, CONCATENATION_IEI, 0x03, reference & 0xff, total, sequence]);
}

export function encodeText(text: string, encoding: CarrierSubmission['encoding']): Buffer {
  return encoding === 'GSM7' ? encodeGsm7Unpacked(text) : Buffer.from(text, 'utf16le').swap16();
}

export function buildSubmitPdus(submission: CarrierSubmission, options: SubmitPduOptions): SubmitSmFields[] {
  const { parts, encoding } = submission;
  if (parts.length === 0) throw new RangeError(`Message ${submission.messageId} has no parts`);
  if (parts.length > 255) throw new RangeError(`Message ${submission.messageId} has ${parts.length} parts; a concatenated message has at most 255`);
  const source = sourceAddress(submission.from);
  const destination = destinationAddress(submission.to);
  const common = {
    service_type: options.serviceType,
    source_addr_ton: source.ton,
    source_addr_npi: source.npi,
    source_addr: source.addr,
    dest_addr_ton: destination.ton,
    dest_addr_npi: destination.npi,
    destination_addr: destination.addr,
    registered_delivery: REGISTERED_DELIVERY_FINAL,
    data_coding: encoding === 'GSM7' ? DATA_CODING.smscDefault : DATA_CODING.ucs2,
  };
  if (parts.length === 1) return [{ ...common, esm_class: 0, short_message: encodeText(parts[0]!, encoding) }];
  if (options.longMessages === 'payload') {
    return [{ ...common, esm_class: 0, short_message: Buffer.alloc(0), message_payload: encodeText(parts.join(''), encoding) }];
  }
  return parts.map((part, index) => ({
    ...common,
    esm_class: ESM_CLASS_UDH_INDICATOR,
    short_message: Buffer.concat([concatenationUdh(options.reference, parts.length, index + 1), encodeText(part, encoding)]),
  }));
}
