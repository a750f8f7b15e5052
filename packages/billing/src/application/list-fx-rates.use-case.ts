import { ResultAsync } from '@tuma/kernel';
import type { FxRate } from '../domain/fx-rate.model.ts';
import type { FxRates } from './fx-rates.port.ts';

/** Every stored rate, ordered by `from` then `to`. */
export class ListFxRates {
  constructor(private readonly fxRates: FxRates) {}

  execute(): ResultAsync<readonly FxRate[], never> {
    return ResultAsync.fromSafePromise(this.fxRates.list());
  }
}
