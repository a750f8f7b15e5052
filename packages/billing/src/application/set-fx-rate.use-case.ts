import { atomically, errAsync, ok, ResultAsync, type Clock, type UnitOfWork, type ValidationError } from '@tuma/kernel';
import { FxRate, type SetFxRateInput } from '../domain/fx-rate.model.ts';
import type { FxRates } from './fx-rates.port.ts';

export type SetFxRateError = ValidationError;

/** Sets (or replaces) the operator rate of one currency pair: 1 `from` = `rate` `to`. */
export class SetFxRate {
  constructor(
    private readonly fxRates: FxRates,
    private readonly unitOfWork: UnitOfWork,
    private readonly clock: Clock,
  ) {}

  execute(input: SetFxRateInput): ResultAsync<FxRate, SetFxRateError> {
    const rate = FxRate.set(input, this.clock.now());
    if (rate.isErr()) return errAsync(rate.error);
    return atomically(this.unitOfWork, async () => {
      await this.fxRates.set(rate.value);
      return ok(rate.value);
    });
  }
}
