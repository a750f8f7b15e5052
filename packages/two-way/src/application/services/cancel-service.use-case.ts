import type { Clock, NotFoundError, ResultAsync, UnitOfWork } from '@tuma/kernel';
import type { ServiceStateError } from '../../domain/services/two-way-errors.ts';
import type { TwoWayServiceSnapshot } from '../../domain/services/two-way-service.aggregate.ts';
import { changeLocked } from './locked-service.ts';
import type { TwoWayServiceRepository } from './two-way-service.repository.port.ts';

/** `POST /services/{id}/cancel`: no further charge; the number or keyword is free for others at once (nothing is refunded). */
export class CancelService {
  constructor(
    private readonly services: TwoWayServiceRepository,
    private readonly unitOfWork: UnitOfWork,
    private readonly clock: Clock,
  ) {}

  execute(input: { readonly accountId: string; readonly id: number }): ResultAsync<TwoWayServiceSnapshot, NotFoundError | ServiceStateError> {
    return changeLocked(this.services, this.unitOfWork, input, (service) => service.cancel(this.clock.now()));
  }
}
