import { errAsync, notFound, okAsync, ResultAsync, type NotFoundError } from '@tuma/kernel';
import type { TwoWayServiceSnapshot } from '../../domain/services/two-way-service.aggregate.ts';
import type { TwoWayServiceRepository } from './two-way-service.repository.port.ts';

/** `GET /services/{id}`: another account's service is not found, as a missing one. */
export class GetService {
  constructor(private readonly services: TwoWayServiceRepository) {}

  execute(input: { readonly accountId: string; readonly id: number }): ResultAsync<TwoWayServiceSnapshot, NotFoundError> {
    return ResultAsync.fromSafePromise(this.services.find(input.id)).andThen((service) =>
      service && service.accountId === input.accountId ? okAsync(service) : errAsync(notFound('service', String(input.id))),
    );
  }
}
