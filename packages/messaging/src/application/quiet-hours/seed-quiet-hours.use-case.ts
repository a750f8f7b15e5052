import { ResultAsync, type UnitOfWork } from '@tuma/kernel';
import { defaultMarketQuietHours } from '../../domain/quiet-hours/market-quiet-hours.data.ts';
import type { QuietHoursCatalogue } from './quiet-hours-catalogue.port.ts';

/** At every start: the built-in quiet hours of the markets the store lacks; rows it has are never changed. */
export class SeedQuietHours {
  constructor(
    private readonly catalogue: QuietHoursCatalogue,
    private readonly unitOfWork: UnitOfWork,
  ) {}

  /** How many markets it added. */
  execute(): ResultAsync<number, never> {
    return this.unitOfWork.run(() => ResultAsync.fromSafePromise(this.catalogue.seed(defaultMarketQuietHours())));
  }
}
