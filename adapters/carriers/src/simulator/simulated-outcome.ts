/** What the simulator does with one submission. */
import type { DeliveryErrorCode } from '@tuma/messaging';

export type SimulatedOutcome =
  /** Refused at submission (the submit result), with whether a retry may succeed. */
  | { readonly kind: 'refuse'; readonly errorCode: DeliveryErrorCode; readonly retryable: boolean }
  /** Accepted; every part's receipt says delivered. */
  | { readonly kind: 'deliver' }
  /** Accepted; every part's receipt reports this failure. */
  | { readonly kind: 'fail'; readonly state: 'undeliverable' | 'rejected' | 'expired'; readonly errorCode: DeliveryErrorCode }
  /** Accepted; no receipt ever comes. */
  | { readonly kind: 'silent' };

/** An outcome forced for every destination ending in `suffix` (digits of the E.164 number). */
export interface NumberOverride {
  readonly suffix: string;
  readonly outcome: SimulatedOutcome;
}

/**
 * The simulator's magic numbers, like Twilio's test numbers but by suffix, so a valid number of any
 * country can be made to behave: `+254 71 555 0001` is refused as an invalid destination.
 * docs/carriers.md lists them.
 */
export const MAGIC_NUMBERS: readonly NumberOverride[] = Object.freeze([
  { suffix: '5550000', outcome: { kind: 'deliver' } },
  { suffix: '5550001', outcome: { kind: 'refuse', errorCode: 'invalid_destination', retryable: false } },
  { suffix: '5550002', outcome: { kind: 'refuse', errorCode: 'throttled', retryable: true } },
  { suffix: '5550003', outcome: { kind: 'fail', state: 'undeliverable', errorCode: 'absent_subscriber' } },
  { suffix: '5550004', outcome: { kind: 'fail', state: 'expired', errorCode: 'expired' } },
  { suffix: '5550005', outcome: { kind: 'fail', state: 'rejected', errorCode: 'blocked_content' } },
  { suffix: '5550006', outcome: { kind: 'fail', state: 'undeliverable', errorCode: 'unknown_subscriber' } },
  { suffix: '5550007', outcome: { kind: 'silent' } },
  { suffix: '5550008', outcome: { kind: 'refuse', errorCode: 'network_timeout', retryable: true } },
]);

/** The first override whose suffix ends the destination's digits. */
export function overrideFor(to: string, overrides: readonly NumberOverride[]): SimulatedOutcome | undefined {
  const digits = to.replace(/\D/g, '');
  return overrides.find((override) => digits.endsWith(override.suffix))?.outcome;
}
