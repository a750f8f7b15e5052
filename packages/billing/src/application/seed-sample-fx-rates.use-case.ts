import { atomically, ok, ResultAsync, type Clock, type CurrencyCode, type UnitOfWork } from '@tuma/kernel';
import { FX_PIVOT_CURRENCY } from '../domain/fx-rate-resolution.ts';
import { FxRate } from '../domain/fx-rate.model.ts';
import { SAMPLE_RATES_SETTER, SAMPLE_USD_RATES } from '../domain/sample-fx-rates.data.ts';
import type { FxRates } from './fx-rates.port.ts';

/**
 * Demo installs only: stores the sample USD rate (`SAMPLE_USD_RATES`) of each given currency that
 * USD cannot be converted into yet, so quotes work for a USD wallet out of the box. A pair that
 * resolves already (operator rate, inverse or cross) is left alone. Returns the rates it stored.
 */
export class SeedSampleFxRates {
  constructor(
    private readonly fxRates: FxRates,
    private readonly unitOfWork: UnitOfWork,
    private readonly clock: Clock,
  ) {}

  execute(currencies: Iterable<CurrencyCode>): ResultAsync<readonly FxRate[], never> {
    return atomically(this.unitOfWork, async () => ok(await this.seed(new Set(currencies))));
  }

  private async seed(currencies: ReadonlySet<CurrencyCode>): Promise<FxRate[]> {
    const seeded: FxRate[] = [];
    for (const code of [...currencies].sort()) {
      const sample = SAMPLE_USD_RATES[code];
      if (code === FX_PIVOT_CURRENCY || sample === undefined) continue;
      if ((await this.fxRates.resolve(FX_PIVOT_CURRENCY, code)).isOk()) continue;
      const rate = FxRate.set({ from: FX_PIVOT_CURRENCY, to: code, rate: sample, updatedBy: SAMPLE_RATES_SETTER }, this.clock.now());
      if (rate.isErr()) throw new Error(`Sample FX rate USD->${code} is invalid: ${rate.error.message}`);
      await this.fxRates.set(rate.value);
      seeded.push(rate.value);
    }
    return seeded;
  }
}
