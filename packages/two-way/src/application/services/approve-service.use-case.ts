import type { LedgerEntry } from '@tuma/billing';
import { atomically, err, notFound, ok, type Clock, type NotFoundError, type Result, type ResultAsync, type UnitOfWork } from '@tuma/kernel';
import { noShortCode, numberTaken, type NoShortCodeError, type NumberTakenError, type ServiceStateError } from '../../domain/services/two-way-errors.ts';
import { TwoWayService, type TwoWayServiceSnapshot } from '../../domain/services/two-way-service.aggregate.ts';
import type { FeeChargeError, ServiceBilling } from './service-billing.ts';
import type { ShortCodeInventory } from '../short-codes/short-code-inventory.port.ts';
import type { TwoWayServiceRepository } from './two-way-service.repository.port.ts';

export type ApproveServiceError = NotFoundError | ServiceStateError | NumberTakenError | NoShortCodeError | FeeChargeError;

export interface ServiceApproved {
  readonly service: TwoWayServiceSnapshot;
  /** The setup fee with period 1. */
  readonly charge: LedgerEntry;
}

/**
 * Operator: approves a pending request in one unit of work under its row's lock. The service takes
 * its short code (the number given, else the first free one of the country's pool; a shared
 * service gets the country's shared code) and becomes active, then the setup fee and first period
 * are charged as one entry. A wallet that cannot pay is 402 and rolls it all back: the service
 * stays pending, its code unassigned.
 */
export class ApproveService {
  constructor(
    private readonly services: TwoWayServiceRepository,
    private readonly inventory: ShortCodeInventory,
    private readonly billing: ServiceBilling,
    private readonly unitOfWork: UnitOfWork,
    private readonly clock: Clock,
  ) {}

  execute(input: { readonly id: number; readonly number?: string | null }): ResultAsync<ServiceApproved, ApproveServiceError> {
    return atomically(this.unitOfWork, async () => {
      const locked = await this.services.lock(input.id);
      if (!locked) return err(notFound('service', String(input.id)));
      const service = TwoWayService.rehydrate(locked);
      const due = service.approvalCharge();
      if (due.isErr()) return err(due.error);
      const number = await this.numberFor(locked, input.number?.trim() || null);
      if (number.isErr()) return err(number.error);
      service.approve(number.value, this.clock.now());
      await this.services.save(service.toSnapshot());
      const charged = await this.billing.charge(locked, due.value);
      if (charged.isErr()) return err(charged.error);
      return ok({ service: service.toSnapshot(), charge: charged.value });
    });
  }

  private async numberFor(service: TwoWayServiceSnapshot, given: string | null): Promise<Result<string, NoShortCodeError | NumberTakenError>> {
    if (service.type === 'shared') {
      const shared = await this.inventory.sharedCode(service.countryCode);
      return shared ? ok(shared) : err(noShortCode(service.countryCode));
    }
    if (given) return (await this.services.numberHolder(given)) === undefined ? ok(given) : err(numberTaken(given));
    for (const candidate of await this.inventory.dedicatedPool(service.countryCode)) {
      if ((await this.services.numberHolder(candidate)) === undefined) return ok(candidate);
    }
    return err(noShortCode(service.countryCode));
  }
}
