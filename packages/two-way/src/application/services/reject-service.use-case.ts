import { errAsync, validationError, type Clock, type NotFoundError, type ResultAsync, type UnitOfWork, type ValidationError } from '@tuma/kernel';
import type { ServiceStateError } from '../../domain/services/two-way-errors.ts';
import type { TwoWayServiceSnapshot } from '../../domain/services/two-way-service.aggregate.ts';
import { changeLocked } from './locked-service.ts';
import { checkRequiredText } from './service-fields.ts';
import type { TwoWayServiceRepository } from './two-way-service.repository.port.ts';

/** Operator: a pending request is refused with a reason the customer sees; nothing is charged, the keyword is free again. */
export class RejectService {
  constructor(
    private readonly services: TwoWayServiceRepository,
    private readonly unitOfWork: UnitOfWork,
    private readonly clock: Clock,
  ) {}

  execute(input: { readonly id: number; readonly reason: string }): ResultAsync<TwoWayServiceSnapshot, NotFoundError | ServiceStateError | ValidationError> {
    const issues = checkRequiredText('reason', input.reason);
    if (issues.length > 0) return errAsync(validationError(issues));
    return changeLocked(this.services, this.unitOfWork, input, (service) => service.reject(input.reason.trim(), this.clock.now()));
  }
}
