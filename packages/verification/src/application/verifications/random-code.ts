import { randomDigits } from '@tuma/kernel';

/** A code of `length` digits from the CSPRNG; never all zeros, which test keys' fixed code `000000` is made of. */
export function randomCode(length: number): string {
  for (;;) {
    const code = randomDigits(length);
    if (/[1-9]/.test(code)) return code;
  }
}
