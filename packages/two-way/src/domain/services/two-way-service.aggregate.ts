import { err, ok, type Money, type Result } from '@tuma/kernel';
import { DAY_MS, GRACE_DAYS, periodStart } from './billing-periods.ts';
import { FINAL_STATUSES, LIVE_APPROVED_STATUSES, type ServiceStatus, type ServiceType, type SuspensionReason } from './service-status.ts';
import { serviceStateConflict, type ServiceStateError } from './two-way-errors.ts';

/** The prices a service was requested at: later edits of the price table do not change them. */
export interface ServicePrices {
  readonly setupFeeUsd: Money;
  /** The dedicated code's monthly fee, or the shared keyword's. */
  readonly monthlyFeeUsd: Money;
  /** The toll-free inbound price for a toll-free service. */
  readonly inboundPriceUsd: Money;
  readonly outboundPriceUsd: Money;
}

/** What a customer may change (PATCH); every other field is the request's or the operator's. */
export interface ServiceSettings {
  readonly webhookUrl: string | null;
  readonly autoReplyEnabled: boolean;
  readonly autoReplyText: string;
  readonly forwardEmail: string | null;
  readonly useCase: string;
  readonly companyName: string;
}

export interface NewTwoWayService extends ServiceSettings {
  readonly accountId: string;
  readonly countryCode: string;
  readonly type: ServiceType;
  /** Upper case; null for dedicated. */
  readonly keyword: string | null;
  readonly tollFree: boolean;
  readonly kycDocumentUrls: readonly string[];
  readonly prices: ServicePrices;
}

export interface TwoWayServiceSnapshot extends NewTwoWayService {
  /** 1, 2, 3, ...: given by the repository. */
  readonly id: number;
  readonly status: ServiceStatus;
  /** The short code: assigned on approval (the country's shared code for a shared service). */
  readonly number: string | null;
  readonly approvedAt: Date | null;
  /** Periods charged so far; the next charge is always period `periodsPaid + 1`. */
  readonly periodsPaid: number;
  /** When the next charge is tried: the next period's start, or the daily retry of an unpaid one; null when nothing will be charged. */
  readonly nextChargeAt: Date | null;
  /** When the unpaid fee was first refused; null when nothing is owed. */
  readonly unpaidSince: Date | null;
  readonly suspendedFor: SuspensionReason | null;
  readonly rejectionReason: string | null;
  readonly cancelledAt: Date | null;
  readonly createdAt: Date;
  readonly updatedAt: Date;
}

/** The charge a service owes now: period `period`, with the setup fee when it is the first. */
export interface DueCharge {
  readonly period: number;
  readonly withSetupFee: boolean;
}

/**
 * A short-code service (docs/two-way.md, "Lifecycle"):
 *
 *   request ------------------------------> pending (no number, nothing charged)
 *   pending --approve (setup + period 1)--> active
 *   pending --reject----------------------> rejected
 *   active --period due, unpaid ----------> past_due (retried daily)
 *   past_due --unpaid for 7 days ---------> suspended (non_payment)
 *   past_due / suspended(non_payment) --paid--> active
 *   active / past_due --operator suspend--> suspended (operator) --unsuspend--> active or past_due
 *   pending / active / past_due / suspended --cancel--> cancelled
 *
 * Each period is charged at most once: `dueCharge` only ever names `periodsPaid + 1`, and
 * `charged` accepts only it. rejected and cancelled are final: nothing leaves them.
 */
export class TwoWayService {
  private constructor(private state: TwoWayServiceSnapshot) {}

  /** A request before the repository numbers it. */
  static request(input: NewTwoWayService, now: Date): Omit<TwoWayServiceSnapshot, 'id'> {
    return {
      ...input,
      status: 'pending',
      number: null,
      approvedAt: null,
      periodsPaid: 0,
      nextChargeAt: null,
      unpaidSince: null,
      suspendedFor: null,
      rejectionReason: null,
      cancelledAt: null,
      createdAt: now,
      updatedAt: now,
    };
  }

  static rehydrate(snapshot: TwoWayServiceSnapshot): TwoWayService {
    return new TwoWayService(snapshot);
  }

  get id(): number {
    return this.state.id;
  }

  get status(): ServiceStatus {
    return this.state.status;
  }

  /** Whether inbound messages are forwarded and auto-replied (stored always). */
  get isServing(): boolean {
    return this.state.status === 'active' || this.state.status === 'past_due';
  }

  /** What approving charges: the setup fee with period 1. */
  approvalCharge(): Result<DueCharge, ServiceStateError> {
    if (this.state.status !== 'pending') return err(serviceStateConflict(this.state.id, this.state.status, 'be approved'));
    return ok({ period: 1, withSetupFee: true });
  }

  /** Approval after the setup fee and period 1 were charged. */
  approve(number: string, now: Date): Result<void, ServiceStateError> {
    return this.approvalCharge().map(() =>
      this.update({ status: 'active', number, approvedAt: now, periodsPaid: 1, nextChargeAt: periodStart(now, 2) }, now),
    );
  }

  reject(reason: string, now: Date): Result<void, ServiceStateError> {
    if (this.state.status !== 'pending') return err(serviceStateConflict(this.state.id, this.state.status, 'be rejected'));
    return ok(this.update({ status: 'rejected', rejectionReason: reason }, now));
  }

  /** Stops every charge; the repository frees the number or keyword with the status. */
  cancel(now: Date): Result<void, ServiceStateError> {
    if (FINAL_STATUSES.has(this.state.status)) return err(serviceStateConflict(this.state.id, this.state.status, 'be cancelled'));
    return ok(this.update({ status: 'cancelled', cancelledAt: now, nextChargeAt: null, suspendedFor: null }, now));
  }

  /** The operator's suspension: inbound still stored, nothing forwarded or auto-replied; fees keep running. */
  suspend(now: Date): Result<void, ServiceStateError> {
    if (this.state.status !== 'active' && this.state.status !== 'past_due') return err(serviceStateConflict(this.state.id, this.state.status, 'be suspended'));
    return ok(this.update({ status: 'suspended', suspendedFor: 'operator' }, now));
  }

  /** Lifts the operator's suspension (not a non-payment one: paying lifts that). */
  unsuspend(now: Date): Result<void, ServiceStateError> {
    if (this.state.status !== 'suspended' || this.state.suspendedFor !== 'operator') return err(serviceStateConflict(this.state.id, this.state.status, 'be unsuspended'));
    return ok(this.update({ status: this.state.unpaidSince ? 'past_due' : 'active', suspendedFor: null }, now));
  }

  /** The charge to try at `now`, if any: none before `nextChargeAt`, none for a pending or ended service. */
  dueCharge(now: Date): DueCharge | null {
    const { status, nextChargeAt } = this.state;
    if (!LIVE_APPROVED_STATUSES.has(status) || !nextChargeAt || now.getTime() < nextChargeAt.getTime()) return null;
    return { period: this.state.periodsPaid + 1, withSetupFee: false };
  }

  /** The period `dueCharge` named was paid: a service suspended or past due for non-payment is active again. */
  charged(period: number, now: Date): void {
    const due = this.dueCharge(now);
    if (!due || due.period !== period) throw new Error(`Service ${this.state.id} does not owe period ${period}`);
    const restored = this.state.suspendedFor === 'operator' ? 'suspended' : 'active';
    this.update({
      status: restored,
      suspendedFor: restored === 'suspended' ? 'operator' : null,
      periodsPaid: period,
      nextChargeAt: periodStart(this.state.approvedAt!, period + 1),
      unpaidSince: null,
    }, now);
  }

  /** The period due could not be paid: past due, retried a day later, suspended after the grace period. */
  chargeFailed(now: Date): void {
    if (!this.dueCharge(now)) throw new Error(`Service ${this.state.id} owes nothing now`);
    const unpaidSince = this.state.unpaidSince ?? now;
    const overGrace = now.getTime() - unpaidSince.getTime() >= GRACE_DAYS * DAY_MS;
    const status: ServiceStatus = this.state.status === 'suspended' ? 'suspended' : overGrace ? 'suspended' : 'past_due';
    this.update({
      status,
      suspendedFor: status === 'suspended' ? (this.state.suspendedFor ?? 'non_payment') : null,
      unpaidSince,
      nextChargeAt: new Date(now.getTime() + DAY_MS),
    }, now);
  }

  /** A top-up came: an unpaid fee is due again now rather than at its daily retry. */
  retryNow(now: Date): void {
    if (this.state.unpaidSince && LIVE_APPROVED_STATUSES.has(this.state.status)) this.update({ nextChargeAt: now }, now);
  }

  /** The customer's settings (PATCH): allowed until the service ends. */
  changeSettings(changes: Partial<ServiceSettings>, now: Date): Result<void, ServiceStateError> {
    if (FINAL_STATUSES.has(this.state.status)) return err(serviceStateConflict(this.state.id, this.state.status, 'be changed'));
    return ok(this.update(changes, now));
  }

  toSnapshot(): TwoWayServiceSnapshot {
    return this.state;
  }

  private update(changes: Partial<TwoWayServiceSnapshot>, now: Date): void {
    this.state = { ...this.state, ...changes, updatedAt: now };
  }
}
