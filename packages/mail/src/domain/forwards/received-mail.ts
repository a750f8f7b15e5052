import { concatBytes, utf8 } from '@tuma/kernel';

/** A message the inbound SMTP server took, as parsed there (`mailparser`): what forwarding needs of it. */
export interface ReceivedMail {
  /** The message as it came, byte for byte. */
  readonly raw: Uint8Array;
  /** The envelope sender (`MAIL FROM`); empty for a bounce (`<>`). */
  readonly envelopeFrom: string;
  /** The sending client: its address and the name it gave (EHLO). */
  readonly clientAddress: string;
  readonly clientName: string;
  /** The `From`, `Subject` and `Message-ID` headers, decoded; null when absent. */
  readonly from: string | null;
  readonly subject: string | null;
  readonly messageId: string | null;
  /** Its header fields in order, names lower-case. */
  readonly headers: readonly { readonly name: string; readonly value: string }[];
}

/** The header naming each of our forwards a message went through (its id): what loop detection counts. */
export const FORWARDED_HEADER = 'X-Tuma-Forwarded';
/** A message forwarded by us this many times already is in a loop, whatever the forwards. */
export const MAX_OUR_HOPS = 5;
/** As RFC 5321 6.3 advises, a loop whatever made it: Postfix's hopcount_limit. */
export const MAX_RECEIVED = 50;

/**
 * Why forwarding `mail` through the forward `forwardId` would make a loop (A -> B -> A), or null:
 * it went through that forward before (its id in an `X-Tuma-Forwarded` header: we add one at each
 * forward, and receivers keep headers), it was forwarded by us `MAX_OUR_HOPS` times, or it carries
 * `MAX_RECEIVED` `Received` headers (a loop through other servers).
 */
export function forwardLoop(mail: Pick<ReceivedMail, 'headers'>, forwardId: string): string | null {
  const ours = mail.headers.filter(({ name }) => name === FORWARDED_HEADER.toLowerCase()).map(({ value }) => value.trim());
  if (ours.includes(forwardId)) return `Forwarded by ${forwardId} before: the message came back to it`;
  if (ours.length >= MAX_OUR_HOPS) return `Forwarded ${ours.length} times by us already`;
  const received = mail.headers.filter(({ name }) => name === 'received').length;
  if (received >= MAX_RECEIVED) return `${received} Received headers: too many hops`;
  return null;
}

/** A header value on one line: no line breaks, so that nothing can be written after it. */
const oneLine = (value: string): string => value.replace(/[\r\n]+/g, ' ');

/**
 * The message as we re-send it: the original, byte for byte, under our own trace fields, as
 * forwarders write them (a `Received` of our hop, `X-Forwarded-To` and `X-Forwarded-For`, and
 * `X-Tuma-Forwarded` with the forward's id, which loop detection reads; none for a relayed bounce).
 */
export function forwardedRaw(mail: Pick<ReceivedMail, 'raw' | 'clientAddress' | 'clientName'>, trace: { readonly attemptId: string; readonly forwardId: string | null; readonly recipient: string; readonly to: string; readonly at: Date }): Uint8Array {
  const received = `Received: from ${oneLine(mail.clientName || 'unknown')} ([${oneLine(mail.clientAddress)}])\r\n\tby tuma-inbound with ESMTP id ${trace.attemptId}\r\n\tfor <${oneLine(trace.recipient)}>; ${trace.at.toUTCString().replace('GMT', '+0000')}`;
  const fields = [received, `X-Forwarded-To: ${oneLine(trace.to)}`, `X-Forwarded-For: ${oneLine(trace.recipient)} ${oneLine(trace.to)}`];
  // A bounce relayed back to a sender is no forward's: it names none.
  if (trace.forwardId !== null) fields.push(`${FORWARDED_HEADER}: ${trace.forwardId}`);
  const head = [...fields, ''].join('\r\n');
  return concatBytes(utf8(head), mail.raw);
}
