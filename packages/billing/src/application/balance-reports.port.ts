import type { CurrencyCode, Money } from '@tuma/kernel';

export interface AccountBalanceRow {
  readonly accountId: string;
  readonly email: string;
  readonly status: string;
  readonly currency: CurrencyCode;
  /** Null when the account has no wallet yet. */
  readonly balance: Money | null;
  readonly reserved: Money | null;
  readonly available: Money | null;
  readonly updatedAt: Date | null;
}

export interface CurrencyTotal {
  readonly currency: CurrencyCode;
  readonly wallets: number;
  readonly balance: Money;
  readonly reserved: Money;
}

export interface TopUpWindowTotal {
  readonly window: '24h' | '7d' | '30d';
  readonly currency: CurrencyCode;
  readonly count: number;
  readonly amount: Money;
}

export interface BalanceStats {
  readonly customerAccounts: number;
  readonly wallets: number;
  readonly totals: readonly CurrencyTotal[];
  /** Wallets with nothing available to spend (available <= 0), i.e. the next charge fails. */
  readonly negativeRiskAccounts: number;
  readonly topUps: readonly TopUpWindowTotal[];
}

/** Operator read models over every wallet, computed by the store (SQL aggregates, not loaded rows). */
export interface BalanceReports {
  list(input: { page: number; limit: number; search: string }): Promise<{ rows: AccountBalanceRow[]; total: number }>;
  stats(now: Date): Promise<BalanceStats>;
}
