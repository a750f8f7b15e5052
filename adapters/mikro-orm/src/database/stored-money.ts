import { Money } from '@tuma/kernel';

/** A stored amount that does not parse is corrupt data, not an expected failure: it throws. */
export function storedMoney(amount: string, code: string, what: string): Money {
  return Money.parse(amount, code).match(
    (money) => money,
    (error) => {
      throw new Error(`Corrupt ${what} (${amount} ${code}): ${error.message}`);
    },
  );
}
