/** An exact decimal: value = units / 10^scale. */
export interface ExactDecimal {
  readonly units: bigint;
  readonly scale: number;
}

const DECIMAL = /^([+-])?(\d+)(?:\.(\d+))?$/;

/**
 * Parses a plain decimal string ("12", "-0.5", "1.250000") exactly.
 * Exponents, separators and blanks are refused: money and rates never travel as floats.
 */
export function parseExactDecimal(text: string): ExactDecimal | undefined {
  const match = DECIMAL.exec(text);
  if (!match) return undefined;
  const [, sign, whole = '0', fraction = ''] = match;
  const units = BigInt(whole + fraction) * (sign === '-' ? -1n : 1n);
  return { units, scale: fraction.length };
}

/** The shortest decimal string for a JS number (no exponent), or undefined for NaN/Infinity. */
export function numberToDecimalString(value: number): string | undefined {
  if (!Number.isFinite(value)) return undefined;
  const text = String(value);
  if (!/e/i.test(text)) return text;
  // toFixed handles exponents up to 1e21 and 100 fraction digits, enough for any amount we accept.
  return Math.abs(value) >= 1e21 ? undefined : trimFraction(value.toFixed(20));
}

function trimFraction(text: string): string {
  return text.includes('.') ? text.replace(/\.?0+$/, '') : text;
}

/** Renders units / 10^scale as a decimal string with exactly `scale` fraction digits. */
export function formatScaled(units: bigint, scale: number): string {
  const negative = units < 0n;
  const digits = (negative ? -units : units).toString().padStart(scale + 1, '0');
  const whole = digits.slice(0, digits.length - scale);
  const fraction = scale > 0 ? `.${digits.slice(digits.length - scale)}` : '';
  return `${negative ? '-' : ''}${whole}${fraction}`;
}

export const pow10 = (exponent: number): bigint => 10n ** BigInt(exponent);
