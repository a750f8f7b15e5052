import { okAsync, type ResultAsync } from '@tuma/kernel';
import type { Plan } from '../../domain/plans/plan.ts';
import { allPlans } from '../../domain/plans/plan-catalogue.ts';

/** `GET /plans` (public): every tier of every product, with its price and limits. */
export class ListPlans {
  execute(): ResultAsync<readonly Plan[], never> {
    return okAsync(allPlans());
  }
}
