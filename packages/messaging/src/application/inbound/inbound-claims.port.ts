import type { RecognisedKeyword } from '../../domain/inbound/inbound-keywords.ts';
import type { CheckedInboundSms, InboundMessage } from '../../domain/inbound/inbound-message.ts';

/**
 * A message another product takes over (Two-Way SMS: a text to a short code a service owns). The
 * SMS pipeline still stores it once per carrier delivery, attributed to `accountId`, and applies
 * STOP and START to that account's opt-out list; the product says where its `message.inbound`
 * goes and does its own part in the same unit of work, and after the commit.
 */
export interface ClaimedInbound {
  readonly accountId: string;
  /** The text STOP and START are read in (on a shared short code: what follows the service's keyword). */
  readonly keywordText: string;
  /**
   * Where the `message.inbound` event goes and the fields it adds (the spec's `two_way` block): to
   * `url`, or the account's `mo_url` when null, retried on the product's schedule; null: nowhere.
   */
  readonly forward: { readonly url: string | null; readonly fields: Readonly<Record<string, unknown>> } | null;
  /** In the unit of work that stored a new message (not a repeated delivery): the product's own records and charges. */
  take(message: InboundMessage, keyword: RecognisedKeyword | null): Promise<void>;
  /** After that unit of work committed: what must not happen unless the message is stored (a reply, a copy by mail). */
  afterCommit(message: InboundMessage, keyword: RecognisedKeyword | null): Promise<void>;
}

/** Asked, inside the unit of work, about every inbound message before it is attributed: the claim, or null (the SMS pipeline's own). */
export interface InboundClaims {
  claim(sms: CheckedInboundSms): Promise<ClaimedInbound | null>;
  /**
   * Where a redelivery of a claimed message's `message.inbound` goes now, from the fields its claim
   * added (two-way: the service's current webhook_url): a URL, or null for the account's `mo_url`.
   */
  forwardUrlNow(accountId: string, fields: Readonly<Record<string, unknown>>): Promise<string | null>;
}
