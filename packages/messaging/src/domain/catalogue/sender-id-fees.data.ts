import { currency, Money } from '@tuma/kernel';
import { AFRICAN_MARKETS } from './african-markets.data.ts';
import type { Market } from './market.model.ts';
import type { NetworkSenderIdFee, SenderIdFee } from './sender-id-fee.model.ts';

/*
 * ===================================== SENDER-ID FEE AMOUNTS =====================================
 * Every sender-ID fee amount lives in this block.
 *
 * - FLAT: the spec's constant. USD 150, one time per country, covering all networks, for exactly
 *   Cameroon, Djibouti, Egypt, Ghana, Somalia and Tanzania.
 * - PER_NETWORK, in local currency, rows [network, setup, recurring], the spec's shape.
 *   Uganda (sourced): MTN "roughly UGX 300,000 per month rental, billed in advance", no setup fee;
 *   Airtel "typically a one-off fee around UGX 300,000" (its smaller annual renewal is not
 *   modelled) — wesendall.com, "How to Register a Sender ID with MTN and Airtel Uganda", 3 May 2026;
 *   the source says prices vary by account manager, so these are list-price estimates.
 *   Kenya (sourced, reseller list prices, one-off per network, no recurring fee published): Celcom
 *   Africa's "Sender ID Prices" table, "Set Up Fees" Safaricom KES 7,800, Airtel KES 8,000, Telkom
 *   KES 7,500, Equitel KES 10,000 (celcomafrica.com/bulk-sms-pricing, as published in June 2025);
 *   TalkSasa's "one-time registration fee ... on each network" (Safaricom 6,950, Airtel 7,500,
 *   Telkom 7,300) corroborates the range. No bundle discount is published, so the two-network row is
 *   the sum of its networks. docs/sender-ids.md says how to revise them.
 * - Every other market: fee confirmed during onboarding (`on_request`).
 * ==================================================================================================
 */
export const SENDER_ID_FEE_AMOUNTS = {
  flat: {
    amountUsd: '150',
    countries: ['CM', 'DJ', 'EG', 'GH', 'SO', 'TZ'],
  },
  perNetwork: {
    KE: {
      currency: 'KES',
      recurringPeriod: null,
      rows: [
        ['Safaricom + Airtel', '15800', '0'],
        ['Safaricom', '7800', '0'],
        ['Airtel', '8000', '0'],
        ['Telkom', '7500', '0'],
        ['Equitel', '10000', '0'],
      ],
    },
    UG: {
      currency: 'UGX',
      recurringPeriod: 'monthly',
      rows: [
        ['MTN', '0', '300000'],
        ['Airtel', '300000', '0'],
      ],
    },
  },
} as const satisfies {
  flat: { amountUsd: string; countries: readonly string[] };
  perNetwork: Record<string, {
    currency: string;
    recurringPeriod: 'monthly' | null;
    rows: readonly (readonly [network: string, setup: string, recurring: string])[];
  }>;
};

const FLAT_NOTE = 'One-time fee per country, covering all networks.';
const ON_REQUEST_NOTE = 'Fee confirmed during onboarding.';

function perNetworkNote(currencyCode: string, recurringPeriod: 'monthly' | null): string {
  return recurringPeriod === null
    ? `One-off setup fee per network in ${currencyCode}; no recurring fee.`
    : `Per-network fees in ${currencyCode}; setup fees are one-off and recurring fees are charged ${recurringPeriod}.`;
}

/** A literal in this file that does not parse is a bug, not an expected failure. */
function feeAmount(amount: string, currencyCode: string): Money {
  return Money.parse(amount, currencyCode).match(
    (money) => money,
    (error) => {
      throw new RangeError(`Invalid sender-ID fee ${amount} ${currencyCode}: ${error.message}`);
    },
  );
}

function perNetworkCountry(countryCode: string): keyof typeof SENDER_ID_FEE_AMOUNTS.perNetwork | undefined {
  return Object.hasOwn(SENDER_ID_FEE_AMOUNTS.perNetwork, countryCode)
    ? (countryCode as keyof typeof SENDER_ID_FEE_AMOUNTS.perNetwork)
    : undefined;
}

/** The fee entry of every market, in market order. */
export function buildSenderIdFees(markets: readonly Market[] = AFRICAN_MARKETS): readonly SenderIdFee[] {
  const flatCountries: readonly string[] = SENDER_ID_FEE_AMOUNTS.flat.countries;
  return markets.map((market): SenderIdFee => {
    const base = { countryCode: market.countryCode, countryName: market.name };
    if (flatCountries.includes(market.countryCode)) {
      return {
        ...base,
        feeType: 'one_time',
        fee: feeAmount(SENDER_ID_FEE_AMOUNTS.flat.amountUsd, 'USD'),
        covers: 'all_networks',
        note: FLAT_NOTE,
      };
    }
    const perNetwork = perNetworkCountry(market.countryCode);
    if (perNetwork) {
      const { currency: currencyCode, recurringPeriod, rows } = SENDER_ID_FEE_AMOUNTS.perNetwork[perNetwork];
      const table = rows.map(([network, setup, recurring]): NetworkSenderIdFee => ({
        network,
        setup: feeAmount(setup, currencyCode),
        recurring: feeAmount(recurring, currencyCode),
      }));
      return {
        ...base,
        feeType: 'per_network',
        currency: currency(currencyCode),
        table,
        recurringPeriod,
        note: perNetworkNote(currencyCode, recurringPeriod),
      };
    }
    return { ...base, feeType: 'on_request', note: ON_REQUEST_NOTE };
  });
}

export const SENDER_ID_FEES: readonly SenderIdFee[] = buildSenderIdFees();
