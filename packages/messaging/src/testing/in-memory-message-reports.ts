import { groupBy, type CurrencyCode } from '@tuma/kernel';
import type { MessageBatch } from '../domain/messages/message-batch.ts';
import type { OutboundMessage } from '../domain/messages/outbound-message.ts';
import {
  CAMPAIGN_TEXT_EXCERPT,
  type ApiKeyTally,
  type Breakdown,
  type CampaignBatch,
  type CampaignTally,
  type DailyTally,
  type MessageReports,
  type Report,
  type ReportScope,
  type RouteHealthTally,
  type RouteOutcomes,
} from '../application/reports/message-reports.port.ts';
import { messageCount, noMessages, PENDING_STATUSES, spendOf, type MessageTally } from '../domain/reports/message-tally.ts';
import { utcDay, type ReportWindow } from '../domain/reports/report-window.ts';

/** The visible prefix and name of an API key, when the key is known. */
export type ApiKeyLabels = (apiKeyId: string) => { readonly prefix: string; readonly name: string | null } | undefined;

function tallyOf(messages: readonly OutboundMessage[], currency: CurrencyCode): MessageTally {
  return messages.reduce(
    (tally, m) => ({
      counts: { ...tally.counts, [m.delivery.status]: tally.counts[m.delivery.status] + 1 },
      segments: tally.segments + m.segments,
      cost: tally.cost.add(m.cost),
      refunded: m.refundsItsCost() ? tally.refunded.add(m.cost) : tally.refunded,
    }),
    noMessages(currency),
  );
}

/** Ascending by UTF-16 code units, as PostgreSQL's "C" collation orders these ASCII codes and ids. */
const byCode = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);
const mostSpentFirst = (a: MessageTally, b: MessageTally): number => spendOf(b).compare(spendOf(a));

/** percentile_cont(0.5): the middle value, or the mean of the two middle ones. */
function median(values: number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const position = 0.5 * (sorted.length - 1);
  const low = sorted[Math.floor(position)]!;
  const high = sorted[Math.ceil(position)]!;
  return low + (position - Math.floor(position)) * (high - low);
}

function outcomesOf(messages: readonly OutboundMessage[]): RouteOutcomes {
  const delivered = messages.filter((m) => m.delivery.status === 'delivered');
  return {
    attempted: messages.length,
    delivered: delivered.length,
    failed: messages.filter((m) => m.delivery.status === 'failed').length,
    pending: messages.filter((m) => (PENDING_STATUSES as readonly string[]).includes(m.delivery.status)).length,
    medianDeliveryMs: median(delivered.map((m) => m.delivery.deliveredAt!.getTime() - m.delivery.sentAt!.getTime())),
  };
}

const campaignBatchOf = (batch: MessageBatch): CampaignBatch => ({
  id: batch.id,
  text: Array.from(batch.text).slice(0, CAMPAIGN_TEXT_EXCERPT).join(''),
  createdAt: batch.createdAt,
  recipients: batch.total,
  charged: batch.cost,
});

/** Newest first; the single messages' row (no batch) after the campaigns. */
const newestFirst = (a: CampaignTally, b: CampaignTally): number => {
  if (a.batch === null || b.batch === null) return (a.batch === null ? 1 : 0) - (b.batch === null ? 1 : 0);
  return b.batch.createdAt.getTime() - a.batch.createdAt.getTime() || byCode(b.batch.id, a.batch.id);
};

/**
 * The reports computed over in-memory stores (e.g. `InMemoryMessageRepository` and
 * `InMemoryBatchRepository`), for unit tests and embedding: the same answers as the SQL ones.
 */
export class InMemoryMessageReports implements MessageReports {
  constructor(
    private readonly messages: { all(): readonly OutboundMessage[] },
    private readonly batches: { all(): readonly MessageBatch[] },
    private readonly apiKeys: ApiKeyLabels = () => undefined,
  ) {}

  async totals(scope: ReportScope, window: ReportWindow): Promise<MessageTally> {
    return tallyOf(this.inScope(scope, window), scope.currency);
  }

  async daily(scope: ReportScope, window: ReportWindow): Promise<readonly DailyTally[]> {
    const byDay = groupBy(this.inScope(scope, window), (m) => utcDay(m.createdAt));
    return window.days().map((day) => ({ day, ...tallyOf(byDay.get(day) ?? [], scope.currency) }));
  }

  async report(scope: ReportScope, window: ReportWindow): Promise<Report> {
    const byCountry = [...groupBy(this.inScope(scope, window), (m) => m.country)]
      .map(([country, messages]) => ({ country, ...tallyOf(messages, scope.currency) }))
      .sort((a, b) => messageCount(b.counts) - messageCount(a.counts) || byCode(a.country, b.country));
    return { totals: await this.totals(scope, window), daily: await this.daily(scope, window), byCountry };
  }

  async breakdown(scope: ReportScope, window: ReportWindow, campaignLimit: number): Promise<Breakdown> {
    const messages = this.inScope(scope, window);
    const byBatch = groupBy(messages, (m) => m.batchId);
    const unsent = this.batches
      .all()
      .filter((b) => b.accountId === scope.accountId && b.environment === scope.environment && window.includes(b.createdAt) && !byBatch.has(b.id));
    const campaigns: CampaignTally[] = [
      ...[...byBatch].map(([batchId, members]) => ({ batch: batchId === null ? null : this.campaignBatch(batchId), ...tallyOf(members, scope.currency) })),
      ...unsent.map((b) => ({ batch: campaignBatchOf(b), ...noMessages(scope.currency) })),
    ].sort((a, b) => mostSpentFirst(a, b) || newestFirst(a, b));
    const apiKeys: ApiKeyTally[] = [...groupBy(messages, (m) => m.apiKeyId)]
      .map(([apiKeyId, members]) => {
        const label = apiKeyId === null ? undefined : this.apiKeys(apiKeyId);
        return { apiKeyId, prefix: label?.prefix ?? null, name: label?.name ?? null, ...tallyOf(members, scope.currency) };
      })
      .sort((a, b) => mostSpentFirst(a, b) || (a.apiKeyId === null ? 1 : b.apiKeyId === null ? -1 : byCode(a.apiKeyId, b.apiKeyId)));
    return { campaigns: campaigns.slice(0, campaignLimit), campaignCount: campaigns.length, apiKeys };
  }

  async routeHealth(scope: ReportScope, window: ReportWindow): Promise<readonly RouteHealthTally[]> {
    const recent = this.messages.all().filter((m) => m.delivery.sentAt !== null && window.includes(m.delivery.sentAt));
    const own = (m: OutboundMessage) => m.accountId === scope.accountId && m.environment === scope.environment;
    const live = (m: OutboundMessage) => m.environment === 'live';
    return [...groupBy(recent.filter((m) => own(m) || live(m)), (m) => m.routeCode)]
      .sort(([a], [b]) => byCode(a, b))
      .map(([routeCode, messages]) => ({ routeCode, account: outcomesOf(messages.filter(own)), platform: outcomesOf(messages.filter(live)) }));
  }

  private campaignBatch(batchId: string): CampaignBatch {
    const batch = this.batches.all().find((b) => b.id === batchId);
    if (!batch) throw new Error(`Message batch ${batchId} does not exist`);
    return campaignBatchOf(batch);
  }

  private inScope(scope: ReportScope, window: ReportWindow): OutboundMessage[] {
    return this.messages.all().filter((m) => m.accountId === scope.accountId && m.environment === scope.environment && window.includes(m.createdAt));
  }
}
