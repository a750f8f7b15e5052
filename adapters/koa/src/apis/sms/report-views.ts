import {
  deliveryRate,
  messageCount,
  OUTBOUND_MESSAGE_STATUSES,
  pendingCount,
  spendOf,
  type MessageStats,
  type MessageTally,
  type MessageVolume,
  type ReportScope,
  type ReportWindow,
  type RouteHealthReport,
  type RouteOutcomes,
  type WindowedBreakdown,
  type WindowedReport,
} from '@tuma/messaging';
import { z } from 'zod';

const count = z.number().int();
const rate = z.number().nullable().describe('delivered / (delivered + failed), 0 to 1 with 4 decimals; null when none has an outcome yet');
const seconds = z.number().nullable().describe('Median time from submission to the delivery receipt, in seconds (millisecond precision); null when none was delivered');

/** Counts, rate and money of a set of messages: the shape of stats, report totals and every row of a report. */
const summaryShape = {
  messages: count,
  segments: count,
  delivered: count,
  failed: count,
  rejected: count.describe('Refused before sending: opted out or cancelled'),
  pending: count.describe('queued + sent + submitted'),
  delivery_rate: rate,
  cost: z.number().describe('What they were charged when accepted (test keys: what they would have been), in `currency`'),
  refunded: z.number().describe('The part of `cost` given back: rejected, or failed before the carrier took them'),
  spend: z.number().describe('cost - refunded'),
};

function summaryView(tally: MessageTally) {
  const { counts } = tally;
  return {
    messages: messageCount(counts),
    segments: tally.segments,
    delivered: counts.delivered,
    failed: counts.failed,
    rejected: counts.rejected,
    pending: pendingCount(counts),
    delivery_rate: deliveryRate(counts.delivered, counts.failed),
    cost: tally.cost.toNumber(),
    refunded: tally.refunded.toNumber(),
    spend: spendOf(tally).toNumber(),
  };
}

// An object of every status rather than a record keyed by an enum: its JSON Schema then defines each property it requires.
const byStatusSchema = z
  .object(Object.fromEntries(OUTBOUND_MESSAGE_STATUSES.map((status) => [status, count])) as Record<(typeof OUTBOUND_MESSAGE_STATUSES)[number], typeof count>)
  .describe('Messages per status, every status listed');

/** Which messages an answer counts: the environment, and those created at or after `date_from` and before `date_to`. */
const windowShape = {
  environment: z.enum(['live', 'test']),
  date_from: z.string().describe('ISO 8601, included'),
  date_to: z.string().describe('ISO 8601, excluded'),
};

const windowView = (scope: ReportScope, window: ReportWindow) => ({
  environment: scope.environment,
  date_from: window.from.toISOString(),
  date_to: window.to.toISOString(),
});

const moneyShape = { ...windowShape, currency: z.string().describe('The wallet currency of every amount') };
const moneyView = (scope: ReportScope, window: ReportWindow) => ({ ...windowView(scope, window), currency: scope.currency });

export const statsSchema = z.object({ ...moneyShape, ...summaryShape, by_status: byStatusSchema });

export const statsView = (scope: ReportScope, stats: MessageStats): z.infer<typeof statsSchema> => ({
  ...moneyView(scope, stats.window),
  ...summaryView(stats.totals),
  by_status: { ...stats.totals.counts },
});

export const volumeSchema = z.object({
  ...windowShape,
  days: count,
  daily: z.array(z.object({ date: z.string().describe('UTC day, YYYY-MM-DD'), messages: count, delivered: count, failed: count, pending: summaryShape.pending, rejected: summaryShape.rejected })),
});

export const volumeView = (scope: ReportScope, volume: MessageVolume): z.infer<typeof volumeSchema> => ({
  ...windowView(scope, volume.window),
  days: volume.daily.length,
  daily: volume.daily.map(({ day, counts }) => ({
    date: day,
    messages: messageCount(counts),
    delivered: counts.delivered,
    failed: counts.failed,
    pending: pendingCount(counts),
    rejected: counts.rejected,
  })),
});

const routeFiguresShape = { delivery_rate: rate, median_delivery_seconds: seconds };

const routeFigures = (outcomes: RouteOutcomes) => ({
  delivery_rate: deliveryRate(outcomes.delivered, outcomes.failed),
  median_delivery_seconds: outcomes.medianDeliveryMs === null ? null : Math.round(outcomes.medianDeliveryMs) / 1000,
});

export const routeHealthSchema = z.object({
  ...windowShape,
  routes: z.array(
    z.object({
      route: z.string(),
      account: z
        .object({
          attempted: count.describe('Submissions that started in the window'),
          delivered: count,
          failed: count,
          pending: count.describe('Waiting for a retry, at the gateway, or waiting for the receipt'),
          ...routeFiguresShape,
        })
        .describe("The account's messages of the key's environment"),
      platform: z
        .object(routeFiguresShape)
        .nullable()
        .describe("Every account's live messages on the route; null below 10 delivered or failed ones"),
    }),
  ),
});

export const routeHealthView = (scope: ReportScope, health: RouteHealthReport): z.infer<typeof routeHealthSchema> => ({
  ...windowView(scope, health.window),
  routes: health.routes.map(({ routeCode, account, platform }) => ({
    route: routeCode,
    account: { attempted: account.attempted, delivered: account.delivered, failed: account.failed, pending: account.pending, ...routeFigures(account) },
    platform: platform && routeFigures(platform),
  })),
});

export const reportSchema = z.object({
  ...moneyShape,
  totals: z.object(summaryShape),
  by_status: byStatusSchema,
  by_country: z.array(z.object({ country: z.string(), ...summaryShape })).describe('Most messages first'),
  daily: z.array(z.object({ date: z.string().describe('UTC day, YYYY-MM-DD'), ...summaryShape })).describe('Every UTC day of the window, oldest first'),
});

export const reportView = (scope: ReportScope, report: WindowedReport): z.infer<typeof reportSchema> => ({
  ...moneyView(scope, report.window),
  totals: summaryView(report.totals),
  by_status: { ...report.totals.counts },
  by_country: report.byCountry.map((row) => ({ country: row.country, ...summaryView(row) })),
  daily: report.daily.map((row) => ({ date: row.day, ...summaryView(row) })),
});

export const breakdownSchema = z.object({
  ...moneyShape,
  campaigns: z
    .array(
      z.object({
        batch_id: z.string().nullable().describe('Null: the messages sent one by one'),
        text: z.string().nullable().describe('The first 100 characters of the bulk text'),
        created_at: z.string().nullable(),
        recipients: count.nullable().describe('Members of the bulk send, written as messages or not yet'),
        charged: z.number().nullable().describe('What the bulk send was charged for all its recipients'),
        ...summaryShape,
      }),
    )
    .describe('Most spent first, then newest'),
  campaign_count: count.describe('Rows before the limit'),
  limit: count,
  api_keys: z
    .array(z.object({ api_key_id: z.string().nullable(), prefix: z.string().nullable(), name: z.string().nullable(), ...summaryShape }))
    .describe('Most spent first'),
});

export const breakdownView = (scope: ReportScope, breakdown: WindowedBreakdown, limit: number): z.infer<typeof breakdownSchema> => ({
  ...moneyView(scope, breakdown.window),
  campaigns: breakdown.campaigns.map(({ batch, ...tally }) => ({
    batch_id: batch?.id ?? null,
    text: batch?.text ?? null,
    created_at: batch?.createdAt.toISOString() ?? null,
    recipients: batch?.recipients ?? null,
    charged: batch?.charged.toNumber() ?? null,
    ...summaryView(tally),
  })),
  campaign_count: breakdown.campaignCount,
  limit,
  api_keys: breakdown.apiKeys.map(({ apiKeyId, prefix, name, ...tally }) => ({ api_key_id: apiKeyId, prefix, name, ...summaryView(tally) })),
});
