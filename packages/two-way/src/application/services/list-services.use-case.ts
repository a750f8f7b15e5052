import { ResultAsync } from '@tuma/kernel';
import type { TwoWayServiceSnapshot } from '../../domain/services/two-way-service.aggregate.ts';
import type { TwoWayServiceRepository } from './two-way-service.repository.port.ts';

/** `GET /services`: the account's services, newest first. */
export class ListServices {
  constructor(private readonly services: TwoWayServiceRepository) {}

  execute(accountId: string): ResultAsync<readonly TwoWayServiceSnapshot[], never> {
    return ResultAsync.fromSafePromise(this.services.listByAccount(accountId));
  }
}
