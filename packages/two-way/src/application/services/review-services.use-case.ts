import { ResultAsync } from '@tuma/kernel';
import type { TwoWayServiceSnapshot } from '../../domain/services/two-way-service.aggregate.ts';
import type { ServiceListQuery, TwoWayServiceRepository } from './two-way-service.repository.port.ts';

/** Operator: every account's services, by status (the review queue is `pending`). */
export class ReviewServices {
  constructor(private readonly services: TwoWayServiceRepository) {}

  execute(query: ServiceListQuery): ResultAsync<{ readonly services: readonly TwoWayServiceSnapshot[]; readonly total: number }, never> {
    return ResultAsync.fromSafePromise(this.services.list(query));
  }
}
