import { z } from 'zod';

const DAY_MS = 86_400_000;

/** An ISO date or date-time with a time zone; a date stands for the instant `dayMeans` picks in it. */
const bound = (dayMeans: (start: Date) => Date) =>
  z.union([z.iso.date().transform((day) => dayMeans(new Date(day))), z.iso.datetime({ offset: true }).transform((at) => new Date(at))], {
    error: 'Must be an ISO 8601 date (2026-11-21) or date-time with a time zone',
  });

/**
 * The one rule for every `date_from`/`date_to` of the API (messages list, stats, reports): a window
 * [date_from, date_to). A date as `date_from` is its start (00:00 UTC); a date as `date_to` is its
 * end, so the whole day is in: `date_from=2026-11-01&date_to=2026-11-30` is all of November.
 */
export const dateFrom = bound((start) => start);
export const dateTo = bound((start) => new Date(start.getTime() + DAY_MS));
