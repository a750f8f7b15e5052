/**
 * An inbound (MO) SMS as it is stored: who texted which of our numbers, through which carrier, and
 * the account it was attributed to. Its status is always `received`. docs/inbound.md.
 */
import { err, ok, validationError, type FieldIssue, type Result, type ValidationError } from '@tuma/kernel';
import { readPhoneField, type InvalidPhoneField } from '../numbers/read-phone-field.ts';
import { longerThan, UNPAIRED_SURROGATE } from '../text-rules.ts';

export interface InboundMessage {
  /** `mo_<ULID>`. */
  readonly id: string;
  /** The account that last messaged `from` when it arrived; null when none ever did (kept, not forwarded). */
  readonly accountId: string | null;
  /** The texter, E.164. */
  readonly from: string;
  /** Our number, short code or sender ID it was sent to, as the carrier gave it. */
  readonly to: string;
  readonly text: string;
  /** The gateway or aggregator it came through (`simulator`, `smpp:<host>`, `http:<provider>`). */
  readonly carrier: string;
  /** The carrier's id of it; with `carrier`, what makes a second delivery of it a duplicate. */
  readonly carrierMessageId: string | null;
  readonly receivedAt: Date;
}

/** What a gateway hands over: the message as the carrier gave it, not yet checked. */
export interface InboundSms {
  /** International format; the `+` may be missing (SMPP sends `254712345678`). */
  readonly from: string;
  readonly to: string;
  readonly text: string;
  readonly carrier: string;
  readonly carrierMessageId?: string | null;
  /** When the gateway received it (its clock); the receiving use case's clock when absent. */
  readonly receivedAt?: Date;
}

export const INBOUND_TO_MAX_LENGTH = 32;
export const INBOUND_TEXT_MAX_LENGTH = 4096;
export const INBOUND_CARRIER_MAX_LENGTH = 64;
export const INBOUND_CARRIER_MESSAGE_ID_MAX_LENGTH = 128;

export type InvalidInboundSms = InvalidPhoneField | ValidationError;

/** An inbound SMS whose fields passed the checks, ready to be stored. */
export type CheckedInboundSms = Pick<InboundMessage, 'from' | 'to' | 'text' | 'carrier' | 'carrierMessageId'>;

/** PostgreSQL text holds neither NUL nor a lone surrogate: each becomes U+FFFD rather than losing the message. */
const UNSTORABLE = new RegExp(`\\u0000|${UNPAIRED_SURROGATE.source}`, 'gu');

const hasControl = (value: string): boolean => /\p{Cc}/u.test(value);

/**
 * Checks what a carrier gave: `from` must be a valid international number (E.164 after reading),
 * `to` 1-32 characters without control characters, `text` at most 4096 characters, `carrier` 1-64
 * and `carrierMessageId` (when given) 1-128 characters.
 */
export function checkInboundSms(sms: InboundSms): Result<CheckedInboundSms, InvalidInboundSms> {
  const from = readPhoneField(sms.from, 'from', { plusOptional: true });
  if (from.isErr()) return err(from.error);
  const issues: FieldIssue[] = [];
  const to = sms.to.trim();
  if (to === '' || longerThan(to, INBOUND_TO_MAX_LENGTH) || hasControl(to)) {
    issues.push({ path: 'to', message: `Must be 1 to ${INBOUND_TO_MAX_LENGTH} characters without control characters` });
  }
  if (longerThan(sms.text, INBOUND_TEXT_MAX_LENGTH)) issues.push({ path: 'text', message: `At most ${INBOUND_TEXT_MAX_LENGTH} characters` });
  const carrier = sms.carrier.trim();
  if (carrier === '' || longerThan(carrier, INBOUND_CARRIER_MAX_LENGTH)) issues.push({ path: 'carrier', message: `Must be 1 to ${INBOUND_CARRIER_MAX_LENGTH} characters` });
  const carrierMessageId = sms.carrierMessageId ?? null;
  if (carrierMessageId !== null && (carrierMessageId === '' || longerThan(carrierMessageId, INBOUND_CARRIER_MESSAGE_ID_MAX_LENGTH) || hasControl(carrierMessageId))) {
    issues.push({ path: 'carrier_message_id', message: `Must be 1 to ${INBOUND_CARRIER_MESSAGE_ID_MAX_LENGTH} characters without control characters` });
  }
  if (issues.length > 0) return err(validationError(issues, 'Unusable inbound message'));
  return ok({ from: from.value.e164, to, text: sms.text.replace(UNSTORABLE, '\uFFFD'), carrier, carrierMessageId });
}
