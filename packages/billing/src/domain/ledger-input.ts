import { checkListPage, err, ok, validationError, type FieldIssue, type Money, type Result, type ValidationError } from '@tuma/kernel';
import { invalidAmount, type InvalidAmountError } from './wallet-errors.ts';

/** The largest amount a `numeric(20,6)` column holds: 99,999,999,999,999.999999. */
export const MAX_WALLET_MICROS = 10n ** 20n - 1n;
export const LEDGER_REFERENCE_MAX_LENGTH = 200;
export const LEDGER_REASON_MAX_LENGTH = 500;
/** The largest page of entries one call returns. */
export const LEDGER_PAGE_MAX_LIMIT = 1000;

/** Amounts of every operation are positive and fit a wallet; the kind of entry gives the sign. */
export function checkAmount(amount: Money): Result<Money, InvalidAmountError> {
  if (!amount.isPositive()) return err(invalidAmount(amount, 'must be greater than zero'));
  if (amount.micros > MAX_WALLET_MICROS) return err(invalidAmount(amount, 'larger than a wallet can hold'));
  return ok(amount);
}

/** A reason is trimmed and may not be blank; a reference is kept exactly as given and may not be blank. */
export function checkTexts(input: { reason: string; reference: string }): Result<{ reason: string; reference: string }, ValidationError> {
  const issues: FieldIssue[] = [];
  const reason = input.reason.trim();
  if (reason.length === 0) issues.push({ path: 'reason', message: 'Must not be blank' });
  if (reason.length > LEDGER_REASON_MAX_LENGTH) issues.push({ path: 'reason', message: `At most ${LEDGER_REASON_MAX_LENGTH} characters` });
  const reference = input.reference;
  if (reference.trim().length === 0) issues.push({ path: 'reference', message: 'Must not be blank' });
  if (reference.length > LEDGER_REFERENCE_MAX_LENGTH) issues.push({ path: 'reference', message: `At most ${LEDGER_REFERENCE_MAX_LENGTH} characters` });
  if (issues.length > 0) return err(validationError(issues));
  return ok({ reason, reference });
}

/** A 0-based page and a limit of 1 to LEDGER_PAGE_MAX_LIMIT. */
export function checkPage(page: number, limit: number): Result<{ page: number; limit: number }, ValidationError> {
  return checkListPage(page, limit, LEDGER_PAGE_MAX_LIMIT);
}
