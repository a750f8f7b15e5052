export const ROUNDING_MODES = ['half_up', 'half_even', 'half_down', 'up', 'down', 'ceiling', 'floor'] as const;

/**
 * How a division that does not come out even is rounded.
 * `up`/`down` are away from / towards zero; `ceiling`/`floor` towards +/- infinity;
 * the `half_*` modes round to nearest and differ only on exact ties.
 */
export type RoundingMode = (typeof ROUNDING_MODES)[number];

const abs = (n: bigint): bigint => (n < 0n ? -n : n);

/** Divides two integers, rounding the quotient with the given mode. */
export function divideRounded(numerator: bigint, denominator: bigint, mode: RoundingMode): bigint {
  if (denominator === 0n) throw new RangeError('Division by zero');
  const quotient = numerator / denominator; // truncates towards zero
  const remainder = numerator % denominator;
  if (remainder === 0n) return quotient;
  const negative = numerator < 0n !== denominator < 0n;
  const awayFromZero = negative ? quotient - 1n : quotient + 1n;
  const twiceRemainder = abs(remainder) * 2n;
  const absDenominator = abs(denominator);
  switch (mode) {
    case 'down':
      return quotient;
    case 'up':
      return awayFromZero;
    case 'ceiling':
      return negative ? quotient : awayFromZero;
    case 'floor':
      return negative ? awayFromZero : quotient;
    case 'half_up':
      return twiceRemainder >= absDenominator ? awayFromZero : quotient;
    case 'half_down':
      return twiceRemainder > absDenominator ? awayFromZero : quotient;
    case 'half_even':
      if (twiceRemainder !== absDenominator) return twiceRemainder > absDenominator ? awayFromZero : quotient;
      return quotient % 2n === 0n ? quotient : awayFromZero;
  }
}
