/**
 * Wall-clock time in IANA time zones through the Intl API (no time-zone library): the weekday and
 * minute of an instant in a zone, and the instant of a local date and minute. Formatters are built
 * once per zone.
 */

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterOf(zone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(zone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(zone, formatter);
  }
  return formatter;
}

/** Whether Intl knows `zone` (an IANA name such as `Africa/Lagos`). */
export function isKnownTimeZone(zone: string): boolean {
  try {
    formatterOf(zone);
    return true;
  } catch {
    // A RangeError is Intl's answer for an unknown zone: the name is refused, not the process.
    return false;
  }
}

export interface LocalTime {
  readonly year: number;
  readonly month: number;
  readonly day: number;
  /** 0 = Monday ... 6 = Sunday. */
  readonly weekday: number;
  /** Minutes after local midnight. */
  readonly minutes: number;
  /** Local time minus UTC at that instant, in milliseconds. */
  readonly offsetMs: number;
}

export function localTime(instant: Date, zone: string): LocalTime {
  const fields: Record<string, number> = {};
  for (const part of formatterOf(zone).formatToParts(instant)) if (part.type !== 'literal') fields[part.type] = Number(part.value);
  const { year, month, day, hour, minute, second } = fields as Record<'year' | 'month' | 'day' | 'hour' | 'minute' | 'second', number>;
  const asUtc = Date.UTC(year, month - 1, day, hour, minute, second);
  const wholeSeconds = instant.getTime() - (instant.getTime() % 1000 + 1000) % 1000;
  return {
    year,
    month,
    day,
    weekday: (new Date(Date.UTC(year, month - 1, day)).getUTCDay() + 6) % 7,
    minutes: hour * 60 + minute,
    offsetMs: asUtc - wholeSeconds,
  };
}

/**
 * The instant at which the wall clock of `zone` shows `minutes` on the local date (year, month,
 * day; `day` may overflow into the next months). In a gap (clocks put forward) it lands past the
 * gap; in an overlap, on the earlier of the two.
 */
export function instantOf(zone: string, year: number, month: number, day: number, minutes: number): Date {
  const asUtc = Date.UTC(year, month - 1, day, 0, minutes);
  const first = asUtc - localTime(new Date(asUtc), zone).offsetMs;
  const second = asUtc - localTime(new Date(first), zone).offsetMs;
  const shows = (t: number) => localTime(new Date(t), zone).minutes === minutes % 1440;
  const matching = [first, second].filter(shows);
  return new Date(matching.length > 0 ? Math.min(...matching) : Math.max(first, second));
}
