/** Source and destination addresses of a submit_sm, with their type of number (TON) and numbering plan (NPI). */

export const TON = { unknown: 0, international: 1, networkSpecific: 3, alphanumeric: 5 } as const;
export const NPI = { unknown: 0, isdn: 1 } as const;

/** Short codes are at most this many digits; longer digit strings are international numbers. */
const SHORT_CODE_MAX_DIGITS = 8;

export interface SmppAddress {
  readonly addr: string;
  readonly ton: number;
  readonly npi: number;
}

/** An alphanumeric sender ID (TON 5), a short code (TON 3) or an international number (TON 1, NPI 1, no `+`). */
export function sourceAddress(senderId: string): SmppAddress {
  const digits = /^\+?(\d+)$/.exec(senderId)?.[1];
  if (digits === undefined) return { addr: senderId, ton: TON.alphanumeric, npi: NPI.unknown };
  if (!senderId.startsWith('+') && digits.length <= SHORT_CODE_MAX_DIGITS) return { addr: digits, ton: TON.networkSpecific, npi: NPI.unknown };
  return { addr: digits, ton: TON.international, npi: NPI.isdn };
}

/** An E.164 destination as an international ISDN number without the `+`. */
export function destinationAddress(e164: string): SmppAddress {
  return { addr: e164.replace(/^\+/, ''), ton: TON.international, npi: NPI.isdn };
}
