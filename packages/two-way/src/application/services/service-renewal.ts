import type { FxRateMissingError } from '@tuma/billing';
import { err, ok, type Result } from '@tuma/kernel';
import type { TwoWayService } from '../../domain/services/two-way-service.aggregate.ts';
import type { ServiceBilling } from './service-billing.ts';
import type { TwoWayServiceRepository } from './two-way-service.repository.port.ts';

export type RenewalOutcome = 'not_due' | 'charged' | 'unpaid';

/**
 * The fees a service owes at a moment: each due period charged in turn (a sweep that missed two
 * periods finds two due), until one is not due or cannot be paid. A wallet that cannot pay makes
 * the service past due, retried a day later (suspended after the grace period). A missing USD rate
 * is the operator's to fix, not the customer's fault: the service is left as it is, still due.
 */
export class ServiceRenewal {
  constructor(
    private readonly services: TwoWayServiceRepository,
    private readonly billing: ServiceBilling,
  ) {}

  /** For a service locked in the caller's unit of work; saves what changed and answers the last outcome. */
  async settle(service: TwoWayService, now: Date): Promise<Result<RenewalOutcome, FxRateMissingError>> {
    let last: RenewalOutcome = 'not_due';
    for (let due = service.dueCharge(now); due; due = service.dueCharge(now)) {
      const charged = await this.billing.charge(service.toSnapshot(), due);
      if (charged.isErr() && charged.error.type === 'fx_rate_missing') return err(charged.error);
      if (charged.isOk()) service.charged(due.period, now);
      else service.chargeFailed(now);
      await this.services.save(service.toSnapshot());
      last = charged.isOk() ? 'charged' : 'unpaid';
      if (last === 'unpaid') break;
    }
    return ok(last);
  }
}
