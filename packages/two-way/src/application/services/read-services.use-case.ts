import { errAsync, notFound, okAsync, ResultAsync, type NotFoundError } from '@tuma/kernel';
import type { TwoWayServiceSnapshot } from '../../domain/services/two-way-service.aggregate.ts';
import type { ServiceListQuery, TwoWayServiceRepository } from './two-way-service.repository.port.ts';

/** `GET /services/{id}`: another account's service is not found, as a missing one. */
export class GetService {
  constructor(private readonly services: TwoWayServiceRepository) {}

  execute(input: { readonly accountId: string; readonly id: number }): ResultAsync<TwoWayServiceSnapshot, NotFoundError> {
    return ResultAsync.fromSafePromise(this.services.find(input.id)).andThen((service) =>
      service && service.accountId === input.accountId ? okAsync(service) : errAsync(notFound('service', String(input.id))),
    );
  }
}

/** `GET /services`: the account's services, newest first. */
export class ListServices {
  constructor(private readonly services: TwoWayServiceRepository) {}

  execute(accountId: string): ResultAsync<readonly TwoWayServiceSnapshot[], never> {
    return ResultAsync.fromSafePromise(this.services.listByAccount(accountId));
  }
}

/** Operator: every account's services, by status (the review queue is `pending`). */
export class ReviewServices {
  constructor(private readonly services: TwoWayServiceRepository) {}

  execute(query: ServiceListQuery): ResultAsync<{ readonly services: readonly TwoWayServiceSnapshot[]; readonly total: number }, never> {
    return ResultAsync.fromSafePromise(this.services.list(query));
  }
}
