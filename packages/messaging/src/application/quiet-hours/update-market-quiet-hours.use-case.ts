import { err, notFound, ok, transact, validationError, type Clock, type FieldIssue, type NotFoundError, type Result, type UnitOfWork, type ValidationError } from '@tuma/kernel';
import type { MarketQuietHours, MarketQuietHoursChanges } from '../../domain/quiet-hours/market-quiet-hours.ts';
import { parsePromotionalHours, type PromotionalHours } from '../../domain/quiet-hours/promotional-hours.ts';
import { isKnownTimeZone } from '../../domain/quiet-hours/zoned-time.ts';
import type { QuietHoursCatalogue } from './quiet-hours-catalogue.port.ts';

export interface UpdateMarketQuietHoursInput {
  readonly countryCode: string;
  /** IANA zone names, the main one first. */
  readonly timeZones?: readonly string[] | undefined;
  /** `"HH:MM-HH:MM"`, a weekday object, or null (no quiet hours); undefined keeps them. */
  readonly promotionalHours?: unknown;
  /** Who changes it (`key:<prefix>`, `cli`). */
  readonly by: string;
}

/** An operator changes a market's quiet hours (`PATCH /api/admin/quiet-hours/{country}`); every bad field named in one 422. */
export class UpdateMarketQuietHours {
  constructor(
    private readonly catalogue: QuietHoursCatalogue,
    private readonly unitOfWork: UnitOfWork,
    private readonly clock: Clock,
  ) {}

  async execute(input: UpdateMarketQuietHoursInput): Promise<Result<MarketQuietHours, ValidationError | NotFoundError>> {
    const issues: FieldIssue[] = [];
    const changes: { timeZones?: readonly string[]; promotionalHours?: PromotionalHours | null } = {};
    if (input.timeZones !== undefined) {
      if (input.timeZones.length === 0) issues.push({ path: 'time_zones', message: 'At least one IANA time zone' });
      input.timeZones.forEach((zone, index) => {
        if (!isKnownTimeZone(zone)) issues.push({ path: `time_zones.${index}`, message: `Not an IANA time zone: ${zone}` });
      });
      changes.timeZones = [...new Set(input.timeZones)];
    }
    if (input.promotionalHours !== undefined) {
      const hours = input.promotionalHours === null ? ok(null) : parsePromotionalHours(input.promotionalHours, 'promotional_hours');
      if (hours.isErr()) issues.push(...hours.error);
      else changes.promotionalHours = hours.value;
    }
    if (issues.length > 0) return err(validationError(issues));
    const country = input.countryCode.toUpperCase();
    const updated = await transact(this.unitOfWork, () => this.catalogue.update(country, changes as MarketQuietHoursChanges, input.by, this.clock.now()));
    return updated ? ok(updated) : err(notFound('market', country));
  }
}
