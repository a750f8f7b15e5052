/** Periods of 30 days from the approval (the spec: "charged on approval then every 30 days"). */
export const PERIOD_DAYS = 30;
export const DAY_MS = 86_400_000;
const PERIOD_MS = PERIOD_DAYS * DAY_MS;

/** A `past_due` service is suspended once its fee has been unpaid this long. */
export const GRACE_DAYS = 7;

/** When period `n` (1-based) of a service approved at `approvedAt` starts. */
export const periodStart = (approvedAt: Date, n: number): Date => new Date(approvedAt.getTime() + (n - 1) * PERIOD_MS);

/** The wallet reference of period `n`: one per service and period, so no retry charges it twice. */
export const periodReference = (serviceId: number, n: number): string => `two-way:${serviceId}:${n}`;
