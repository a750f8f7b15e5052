import type { CurrencyCode, Money } from '@tuma/kernel';
import type { MessageEnvironment } from '../../domain/messages/outbound-message.ts';
import type { MessageTally } from '../../domain/reports/message-tally.ts';
import type { ReportWindow } from '../../domain/reports/report-window.ts';

/** Whose messages a report counts: one account's, in one environment. */
export interface ReportScope {
  readonly accountId: string;
  readonly environment: MessageEnvironment;
  /** The account's wallet currency, which every cost of its messages is in. */
  readonly currency: CurrencyCode;
}

/** One UTC day (`YYYY-MM-DD`) of a daily series. */
export interface DailyTally extends MessageTally {
  readonly day: string;
}

export interface CountryTally extends MessageTally {
  /** ISO alpha-2. */
  readonly country: string;
}

/** Characters (code points) of a campaign's text a breakdown shows. */
export const CAMPAIGN_TEXT_EXCERPT = 100;

export interface CampaignBatch {
  readonly id: string;
  /** The first `CAMPAIGN_TEXT_EXCERPT` characters of the text as given. */
  readonly text: string;
  readonly createdAt: Date;
  /** Its members, written as messages or not yet. */
  readonly recipients: number;
  /** What the batch was charged for all its members (test: would have been). */
  readonly charged: Money;
}

/** A bulk send's messages, or (`batch` null) the messages sent one by one. */
export interface CampaignTally extends MessageTally {
  readonly batch: CampaignBatch | null;
}

export interface ApiKeyTally extends MessageTally {
  /** Null: messages no key sent (the platform's own). */
  readonly apiKeyId: string | null;
  /** The key's visible prefix and name, when the key is known. */
  readonly prefix: string | null;
  readonly name: string | null;
}

/** Messages whose latest submission attempt started in the window, on one route. */
export interface RouteOutcomes {
  readonly attempted: number;
  readonly delivered: number;
  readonly failed: number;
  /** Queued again for a retry, at the carrier gateway, or waiting for their receipts. */
  readonly pending: number;
  /** Median of delivered_at - sent_at over the delivered ones; null when none. */
  readonly medianDeliveryMs: number | null;
}

export interface RouteHealthTally {
  readonly routeCode: string;
  /** The scope's own messages. */
  readonly account: RouteOutcomes;
  /** Every account's live messages. */
  readonly platform: RouteOutcomes;
}

export interface Report {
  readonly totals: MessageTally;
  /** Every day the window touches, in order, days without messages included. */
  readonly daily: readonly DailyTally[];
  /** Most messages first, then by country code. */
  readonly byCountry: readonly CountryTally[];
}

export interface Breakdown {
  /**
   * The window's bulk sends (with their messages written so far) and one row for its single
   * messages when there are any; most spent first (cost net of refunds), then newest, up to the limit.
   */
  readonly campaigns: readonly CampaignTally[];
  /** Rows before the limit. */
  readonly campaignCount: number;
  /** Most spent first, then by key id; the keyless row last among equals. */
  readonly apiKeys: readonly ApiKeyTally[];
}

/**
 * Aggregates over the messages of a scope created in a window (route health: whose latest
 * submission attempt started in it). Implementations compute them where the messages are (SQL
 * aggregates), never by reading the messages out; each method answers from one consistent view.
 */
export interface MessageReports {
  totals(scope: ReportScope, window: ReportWindow): Promise<MessageTally>;
  /** Every day the window touches, in order, days without messages included. */
  daily(scope: ReportScope, window: ReportWindow): Promise<readonly DailyTally[]>;
  report(scope: ReportScope, window: ReportWindow): Promise<Report>;
  breakdown(scope: ReportScope, window: ReportWindow, campaignLimit: number): Promise<Breakdown>;
  /** Routes with messages of the scope or live messages of any account in the window, by route code. */
  routeHealth(scope: ReportScope, window: ReportWindow): Promise<readonly RouteHealthTally[]>;
}
