import { errAsync, notFound, ResultAsync, type NotFoundError } from '@tuma/kernel';
import type { TwoWayMessage } from '../../domain/messages/two-way-message.ts';
import type { TwoWayServiceRepository } from '../services/two-way-service.repository.port.ts';
import type { TwoWayMessageLog } from './two-way-message-log.port.ts';

export const SERVICE_MESSAGES_DEFAULT_LIMIT = 20;
export const SERVICE_MESSAGES_MAX_LIMIT = 100;

/** `GET /services/{id}/messages?limit=`: the service's newest messages both ways, and how many it has; another account's service is not found. */
export class ListServiceMessages {
  constructor(
    private readonly services: TwoWayServiceRepository,
    private readonly log: TwoWayMessageLog,
  ) {}

  execute(input: { readonly accountId: string; readonly id: number; readonly limit: number }): ResultAsync<{ readonly messages: readonly TwoWayMessage[]; readonly total: number }, NotFoundError> {
    return ResultAsync.fromSafePromise(this.services.find(input.id)).andThen((service) =>
      service && service.accountId === input.accountId ? ResultAsync.fromSafePromise(this.log.list(service.id, input.limit)) : errAsync(notFound('service', String(input.id))),
    );
  }
}
