import { atomically, err, notFound, ok, type NotFoundError, type Result, type ResultAsync, type UnitOfWork } from '@tuma/kernel';
import { TwoWayService, type TwoWayServiceSnapshot } from '../../domain/services/two-way-service.aggregate.ts';
import type { TwoWayServiceRepository } from './two-way-service.repository.port.ts';

/**
 * One change of one service in a unit of work, under its row's lock: the service (of `accountId`
 * when given: another account's is not found), the change, then the save. What every state change
 * of a service shares.
 */
export function changeLocked<E>(
  services: TwoWayServiceRepository,
  unitOfWork: UnitOfWork,
  target: { readonly id: number; readonly accountId?: string },
  change: (service: TwoWayService) => Promise<Result<void, E>> | Result<void, E>,
): ResultAsync<TwoWayServiceSnapshot, E | NotFoundError> {
  return atomically(unitOfWork, async () => {
    const locked = await services.lock(target.id);
    if (!locked || (target.accountId !== undefined && locked.accountId !== target.accountId)) return err(notFound('service', String(target.id)));
    const service = TwoWayService.rehydrate(locked);
    const changed = await change(service);
    if (changed.isErr()) return err(changed.error);
    await services.save(service.toSnapshot());
    return ok(service.toSnapshot());
  });
}
