/**
 * Whether promotional traffic may go to a recipient now, and when it may at the earliest
 * (docs/quiet-hours.md). A recipient whose number does not tell which of its country's zones it is
 * in must be inside the promotional hours in every one of them.
 */
import type { PromotionalHours } from './promotional-hours.ts';
import { instantOf, localTime } from './zoned-time.ts';

/** The policy for one recipient: the hours and the zones they are read in (at least one). */
export interface RecipientQuietHours {
  readonly hours: PromotionalHours;
  readonly zones: readonly string[];
}

/** Days looked ahead for an opening: a week, plus a day for zones ahead of or behind the instant. */
const DAYS_AHEAD = 8;
const HOUR_MS = 3_600_000;

export function isPromotionalTime(policy: RecipientQuietHours, instant: Date): boolean {
  return policy.zones.every((zone) => {
    const local = localTime(instant, zone);
    const window = policy.hours[local.weekday];
    return window != null && local.minutes >= window.start && local.minutes < window.end;
  });
}

/**
 * The earliest instant at or after `from` inside the promotional hours (in every zone): `from`
 * itself when it is; otherwise the opening of a window. Null when the hours never open.
 */
export function nextPromotionalTime(policy: RecipientQuietHours, from: Date): Date | null {
  if (isPromotionalTime(policy, from)) return from;
  const candidates: number[] = [];
  for (const zone of policy.zones) {
    const today = localTime(from, zone);
    for (let ahead = 0; ahead <= DAYS_AHEAD; ahead++) {
      const window = policy.hours[(today.weekday + ahead) % 7];
      if (!window) continue;
      const opening = instantOf(zone, today.year, today.month, today.day + ahead, window.start).getTime();
      // An opening moved by a change of the clocks is also tried an hour later.
      candidates.push(opening, opening + HOUR_MS);
    }
  }
  const start = from.getTime();
  for (const candidate of [...new Set(candidates)].filter((c) => c > start).sort((a, b) => a - b)) {
    if (isPromotionalTime(policy, new Date(candidate))) return new Date(candidate);
  }
  return null;
}
