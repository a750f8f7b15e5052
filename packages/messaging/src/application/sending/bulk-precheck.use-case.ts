import type { WalletBalances } from '@tuma/billing';
import { err, Money, ok, type CurrencyCode, type Result } from '@tuma/kernel';
import { explainEncoding, type EncodingExplanation } from '../../domain/segmenting/smart-encoding.ts';
import { priceGsm7Alternative, type Gsm7Alternative } from '../quotes/gsm7-alternative.ts';
import { UNROUTABLE_SAMPLES, type UnroutableSample } from '../../domain/messages/send-errors.ts';
import type { BulkAudienceInput, BulkPlan, BulkPlanError, PlanBulkSend } from './plan-bulk-send.ts';

export interface CountryBreakdown {
  readonly countryCode: string;
  readonly countryName: string;
  readonly currency: CurrencyCode;
  readonly routeCode: string;
  readonly contacts: number;
  readonly segments: number;
  /** In the route currency. */
  readonly routeCost: Money;
  /** In the wallet currency. */
  readonly walletCost: Money;
  readonly pricePerSegment: Money;
}

export interface BulkPrecheck {
  readonly totalContacts: number;
  readonly totalSegments: number;
  readonly totalCost: Money;
  readonly walletCurrency: CurrencyCode;
  /** Null when the account has no wallet yet. */
  readonly walletBalance: Money | null;
  readonly balanceAfter: Money | null;
  /** Always true for test keys: their sends are never charged. */
  readonly sufficientBalance: boolean;
  readonly breakdown: readonly CountryBreakdown[];
  readonly unroutable: readonly UnroutableSample[];
  readonly unroutableCount: number;
  readonly suppressedCount: number;
  /**
   * When members' messages are UCS-2: what makes them so (the text's characters, or the first UCS-2
   * member's rendered text when only recipients' values do) and the batch's cost in GSM-7; else null.
   */
  readonly gsm7Alternative: (Gsm7Alternative & { readonly ucs2Members: number }) | null;
}

/** `POST /api/messages/bulk-precheck`: what a send-bulk would do, per country; nothing is sent or charged. */
export class BulkPrecheckUseCase {
  constructor(
    private readonly plan: PlanBulkSend,
    private readonly balances: WalletBalances,
  ) {}

  /** `environment`: the caller's key; a test send would charge nothing, so its balance after is the balance. */
  async execute(input: BulkAudienceInput & { readonly environment: 'live' | 'test' }): Promise<Result<BulkPrecheck, BulkPlanError>> {
    const planned = await this.plan.execute(input);
    if (planned.isErr()) return err(planned.error);
    const plan = planned.value;
    const balance = (await this.balances.balanceOf(input.accountId)) ?? null;
    const available = balance ?? Money.zero(plan.walletCurrency);
    const charged = input.environment === 'live';
    return ok({
      totalContacts: plan.members.length,
      totalSegments: plan.totalSegments,
      totalCost: plan.totalCost,
      walletCurrency: plan.walletCurrency,
      walletBalance: balance,
      balanceAfter: balance === null ? null : charged ? balance.subtract(plan.totalCost) : balance,
      sufficientBalance: !charged || available.compare(plan.totalCost) >= 0,
      breakdown: breakdownByCountry(plan),
      unroutable: plan.unroutable.slice(0, UNROUTABLE_SAMPLES),
      unroutableCount: plan.unroutable.length,
      suppressedCount: plan.suppressedCount,
      gsm7Alternative: gsm7AlternativeOf(input.text, plan),
    });
  }
}

/** Each UCS-2 member repriced at the GSM-7 segments of its rendered text (each distinct text explained once). */
function gsm7AlternativeOf(text: string, plan: BulkPlan): BulkPrecheck['gsm7Alternative'] {
  const ucs2 = plan.members.filter((m) => m.encoding === 'UCS2');
  if (ucs2.length === 0) return null;
  const explained = new Map<string, EncodingExplanation>();
  const explain = (rendered: string): EncodingExplanation => {
    let explanation = explained.get(rendered);
    if (!explanation) explained.set(rendered, (explanation = explainEncoding(rendered, plan.maxSegments)!));
    return explanation;
  };
  const explanation = explainEncoding(text, plan.maxSegments) ?? explain(ucs2[0]!.text);
  const prices = plan.members.map((m) => ({ price: m.price, gsm7Segments: m.encoding === 'UCS2' ? explain(m.text).gsm7.segments : m.segments }));
  return { ...priceGsm7Alternative(explanation, prices, plan.walletCurrency, plan.totalCost), ucs2Members: ucs2.length };
}

function breakdownByCountry(plan: BulkPlan): CountryBreakdown[] {
  const rows = new Map<string, CountryBreakdown>();
  for (const member of plan.members) {
    const { route, price } = member;
    const row = rows.get(route.code);
    rows.set(
      route.code,
      row
        ? { ...row, contacts: row.contacts + 1, segments: row.segments + member.segments, routeCost: row.routeCost.add(price.routeCost), walletCost: row.walletCost.add(price.walletCost) }
        : {
            countryCode: route.countryCode,
            countryName: route.countryName,
            currency: route.currency,
            routeCode: route.code,
            contacts: 1,
            segments: member.segments,
            routeCost: price.routeCost,
            walletCost: price.walletCost,
            pricePerSegment: route.pricePerSegment,
          },
    );
  }
  return [...rows.values()].sort((a, b) => b.contacts - a.contacts || a.countryCode.localeCompare(b.countryCode));
}
