import type { Clock, NotFoundError, ResultAsync, UnitOfWork } from '@tuma/kernel';
import type { ServiceStateError } from '../../domain/services/two-way-errors.ts';
import type { TwoWayServiceSnapshot } from '../../domain/services/two-way-service.aggregate.ts';
import { changeLocked } from './locked-service.ts';
import type { TwoWayServiceRepository } from './two-way-service.repository.port.ts';

/** Operator: suspends an active or past-due service (inbound stored, not forwarded or auto-replied), or lifts the suspension. */
export class SuspendService {
  constructor(
    private readonly services: TwoWayServiceRepository,
    private readonly unitOfWork: UnitOfWork,
    private readonly clock: Clock,
  ) {}

  execute(input: { readonly id: number; readonly suspended: boolean }): ResultAsync<TwoWayServiceSnapshot, NotFoundError | ServiceStateError> {
    return changeLocked(this.services, this.unitOfWork, input, (service) => (input.suspended ? service.suspend(this.clock.now()) : service.unsuspend(this.clock.now())));
  }
}
