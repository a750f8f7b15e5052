import type { LedgerEntry, WalletView } from '@tuma/billing';
import type { CurrencyCode } from '@tuma/kernel';
import { z } from 'zod';

export const balanceSchema = z.object({
  currency: z.string(),
  balance: z.number(),
  reserved: z.number().describe('Held for scheduled and bulk work in progress'),
  available: z.number().describe('balance - reserved: what the next send can spend'),
  updated_at: z.string().nullable().describe('Null when the account has no wallet yet'),
});

export const transactionSchema = z.object({
  id: z.string(),
  kind: z.enum(['credit', 'debit', 'refund', 'reversal', 'fee']),
  amount: z.number().describe('Signed: positive for credits and refunds, negative for debits, fees and reversals'),
  currency: z.string(),
  balance_after: z.number(),
  reason: z.string(),
  reference: z.string(),
  related_type: z.string().nullable(),
  related_id: z.string().nullable(),
  refund_of: z.string().nullable(),
  reverses: z.string().nullable(),
  created_at: z.string(),
});

/** A wallet, or the zero balance of an account that has no wallet yet. */
export const balanceView = (wallet: WalletView | undefined, walletCurrency: CurrencyCode): z.infer<typeof balanceSchema> =>
  wallet
    ? {
        currency: wallet.currency,
        balance: wallet.balance.toNumber(),
        reserved: wallet.reserved.toNumber(),
        available: wallet.available.toNumber(),
        updated_at: wallet.updatedAt.toISOString(),
      }
    : { currency: walletCurrency, balance: 0, reserved: 0, available: 0, updated_at: null };

export const transactionView = (entry: LedgerEntry): z.infer<typeof transactionSchema> => ({
  id: entry.id,
  kind: entry.kind,
  amount: entry.amount.toNumber(),
  currency: entry.amount.currency,
  balance_after: entry.balanceAfter.toNumber(),
  reason: entry.reason,
  reference: entry.reference,
  related_type: entry.related?.type ?? null,
  related_id: entry.related?.id ?? null,
  refund_of: entry.refundOf,
  reverses: entry.reverses,
  created_at: entry.createdAt.toISOString(),
});
