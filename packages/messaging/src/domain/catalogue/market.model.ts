import type { CurrencyCode } from '@tuma/kernel';

/**
 * One of the 54 African markets Tuma covers, as reference data: who regulates it, which mobile
 * networks operate there and what a sender has to respect. Markets are read-only: operators change
 * them through the catalogue data (and later its database copy), never through the API.
 */
export interface Market {
  /** ISO 3166-1 alpha-2, upper case, e.g. `KE`. */
  readonly countryCode: string;
  /** English short name, e.g. `Kenya`, `Côte d'Ivoire`. */
  readonly name: string;
  /** ITU country calling code, digits only without `+`, e.g. `254`. */
  readonly callingCode: string;
  /** The country's current ISO 4217 currency. A route may still be priced in another one. */
  readonly currency: CurrencyCode;
  /** Mobile network brands operating in the market. */
  readonly networks: readonly string[];
  /** The telecom regulator, full name with its usual abbreviation. */
  readonly regulator: string;
  /** Whether alphanumeric sender IDs are registered with the networks before first use. */
  readonly senderIdRegistration: boolean;
  /**
   * Whether using an alphanumeric sender ID is known to cost nothing: true only where no
   * registration is needed. Where registration is needed the fee is either in the sender-ID fee
   * schedule or confirmed during onboarding, so it is never promised to be free.
   */
  readonly senderIdFree: boolean;
  /** Promotional-SMS windows or do-not-disturb rules where they are well established, else null. */
  readonly promoNote: string | null;
  /** Short compliance rules for senders. */
  readonly rules: readonly string[];
  /** Whether OTP traffic can be carried to this market (once it has an active route). */
  readonly otpAvailable: boolean;
  /** Whether inbound SMS / short codes are offered in this market (once it has an active route). */
  readonly twoWay: boolean;
}
