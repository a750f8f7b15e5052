import { ResultAsync } from '@tuma/kernel';
import type { MarketQuietHours } from '../../domain/quiet-hours/market-quiet-hours.ts';
import type { QuietHoursCatalogue } from './quiet-hours-catalogue.port.ts';

/** Every market's quiet hours (`GET /api/admin/quiet-hours`), by country code. */
export class ListMarketQuietHours {
  constructor(private readonly catalogue: QuietHoursCatalogue) {}

  execute(): ResultAsync<readonly MarketQuietHours[], never> {
    return ResultAsync.fromSafePromise(this.catalogue.list());
  }
}
