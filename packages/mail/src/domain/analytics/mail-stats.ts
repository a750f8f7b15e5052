/** What analytics counts: the timeline's delivery and engagement events (one per email, type and recipient). */
export const COUNTED_EVENTS = ['sent', 'delivered', 'bounced', 'complained', 'opened', 'clicked', 'failed'] as const;
export type CountedEvent = (typeof COUNTED_EVENTS)[number];

export type MailCounts = Readonly<Record<CountedEvent, number>>;

export interface MailRates {
  /** delivered / sent */
  readonly deliveryRate: number;
  /** bounced / sent */
  readonly bounceRate: number;
  /** complained / delivered */
  readonly complaintRate: number;
  /** opened / delivered */
  readonly openRate: number;
  /** clicked / delivered */
  readonly clickRate: number;
  /** failed / (sent + failed): recipients never handed over (refused, suppressed) */
  readonly failureRate: number;
}

/** A share rounded to 4 decimals (0.1234 = 12.34 %); 0 of nothing is 0. */
const share = (part: number, whole: number): number => (whole === 0 ? 0 : Math.round((part / whole) * 10_000) / 10_000);

/** The rates of some counts, as Postmark and Resend report them: bounces of what was sent, engagement and complaints of what was delivered. */
export function ratesOf(c: MailCounts): MailRates {
  return {
    deliveryRate: share(c.delivered, c.sent),
    bounceRate: share(c.bounced, c.sent),
    complaintRate: share(c.complained, c.delivered),
    openRate: share(c.opened, c.delivered),
    clickRate: share(c.clicked, c.delivered),
    failureRate: share(c.failed, c.sent + c.failed),
  };
}

export const MIN_ANALYTICS_DAYS = 1;
export const MAX_ANALYTICS_DAYS = 365;
export const DEFAULT_ANALYTICS_DAYS = 30;
const DAY_MS = 24 * 3600 * 1000;

/** The window of the last `days` UTC days, today included: from the first day's midnight to now. */
export function analyticsWindow(now: Date, days: number): { readonly from: Date; readonly days: number } {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return { from: new Date(today - (days - 1) * DAY_MS), days };
}
