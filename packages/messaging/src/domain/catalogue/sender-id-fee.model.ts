import type { CurrencyCode, Money } from '@tuma/kernel';

export const SENDER_ID_FEE_TYPES = ['one_time', 'per_network', 'on_request'] as const;
export type SenderIdFeeType = (typeof SENDER_ID_FEE_TYPES)[number];

/** One row of a per-network fee table, amounts in the table's local currency. */
export interface NetworkSenderIdFee {
  /** A network, or several registered together, e.g. `Safaricom + Airtel`. */
  readonly network: string;
  /** One-off setup fee (zero when none). */
  readonly setup: Money;
  /** Recurring fee per `recurringPeriod` (zero when none). */
  readonly recurring: Money;
}

interface SenderIdFeeBase {
  readonly countryCode: string;
  readonly countryName: string;
  readonly note: string | null;
}

/** A flat fee, charged once per country on approval, covering every network. */
export interface OneTimeSenderIdFee extends SenderIdFeeBase {
  readonly feeType: 'one_time';
  /** Always in USD (rendered as `fee_usd`). */
  readonly fee: Money;
  readonly covers: 'all_networks';
}

/** Fees that differ per network, in the country's currency. */
export interface PerNetworkSenderIdFee extends SenderIdFeeBase {
  readonly feeType: 'per_network';
  readonly currency: CurrencyCode;
  readonly table: readonly NetworkSenderIdFee[];
  /** How often `recurring` is charged; null when no row has a recurring fee. */
  readonly recurringPeriod: 'monthly' | null;
}

/** No published fee: any fee is confirmed during onboarding. */
export interface OnRequestSenderIdFee extends SenderIdFeeBase {
  readonly feeType: 'on_request';
}

export type SenderIdFee = OneTimeSenderIdFee | PerNetworkSenderIdFee | OnRequestSenderIdFee;
