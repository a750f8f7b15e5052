/**
 * Reads a deliver_sm that is not a receipt, a mobile-originated message, into an InboundSms.
 * The `smpp` package decodes its text by data_coding (GSM 03.38 for 0 and 1, Latin-1 for 3, UCS-2
 * for 8) and takes a concatenation UDH off it; the whole text of a long message may come in
 * message_payload instead.
 */
import type { InboundSms } from '@tuma/messaging';
import { TON } from './addresses.ts';
import { deliverSmBody, type DeliverSmFields } from './deliver-sm-receipt.ts';

/** The message, or null when its text is in a data coding the package leaves undecoded (binary, ...). */
export function readInboundSms(pdu: DeliverSmFields, carrier: string, receivedAt: Date): InboundSms | null {
  const text = deliverSmBody(pdu);
  if (typeof text !== 'string') return null;
  return { from: sourcePhone(pdu), to: String(pdu['destination_addr'] ?? ''), text, carrier, carrierMessageId: null, receivedAt };
}

/** An international source address (TON 1) comes without its `+`; other forms are passed on as they are. */
function sourcePhone(pdu: DeliverSmFields): string {
  const address = String(pdu['source_addr'] ?? '');
  return Number(pdu['source_addr_ton']) === TON.international ? `+${address.replace(/^\+/, '')}` : address;
}
