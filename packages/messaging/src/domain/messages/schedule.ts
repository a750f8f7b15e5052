/** When a send goes out: now, at a time 5 minutes to 7 days ahead, or dripped (spec: Limits). */
import { err, fieldError, ok, type Result, type ValidationError } from '@tuma/kernel';

export const SCHEDULE_MODES = ['now', 'scheduled', 'drip'] as const;
export type ScheduleMode = (typeof SCHEDULE_MODES)[number];

export const SCHEDULE_MIN_AHEAD_MS = 5 * 60_000;
export const SCHEDULE_MAX_AHEAD_MS = 7 * 24 * 60 * 60_000;

/**
 * The due time of a send: null for `now` and `drip` (a drip starts at once), `scheduledAt` for
 * `scheduled`, which must then be given and lie 5 minutes to 7 days after `now` (both bounds
 * included). A `scheduled_at` given with another mode is refused rather than silently ignored.
 */
export function dueTime(mode: ScheduleMode, scheduledAt: Date | undefined, now: Date): Result<Date | null, ValidationError> {
  if (mode !== 'scheduled') {
    return scheduledAt === undefined ? ok(null) : err(fieldError('scheduled_at', `Only allowed with schedule_mode "scheduled"`));
  }
  if (scheduledAt === undefined) return err(fieldError('scheduled_at', 'Required with schedule_mode "scheduled"'));
  const ahead = scheduledAt.getTime() - now.getTime();
  if (ahead < SCHEDULE_MIN_AHEAD_MS || ahead > SCHEDULE_MAX_AHEAD_MS) {
    return err(fieldError('scheduled_at', 'Must be 5 minutes to 7 days ahead'));
  }
  return ok(scheduledAt);
}
