import { currency, err, fieldError, Money, ok, type Result, type ValidationError } from '@tuma/kernel';
import { senderIdNotPending, type SenderIdNotPendingError } from './sender-id-errors.ts';
import type { SenderIdStatus } from './sender-id-status.ts';

export { SENDER_ID_STATUSES, type SenderIdStatus } from './sender-id-status.ts';

export const SENDER_ID_USE_CASE_MAX_LENGTH = 500;
export const SENDER_ID_REJECTION_REASON_MAX_LENGTH = 500;

const USD = currency('USD');

/** The fee taken from the wallet on approval. */
export interface SenderIdFeeCharge {
  /** In the wallet currency: the USD fee converted with `fxRate`, rounded half-even to a micro-unit. */
  readonly amount: Money;
  /** USD -> wallet currency, as applied (a decimal string, 12 decimals at most). */
  readonly fxRate: string;
  /** The `fee` ledger entry. */
  readonly entryId: string;
  readonly chargedAt: Date;
}

export interface SenderIdRequestSnapshot {
  /** Assigned by the repository: 1, 2, 3, ... */
  readonly id: number;
  readonly accountId: string;
  readonly name: string;
  /** Upper-case ISO alpha-2 market codes, distinct, in the order requested. */
  readonly countries: readonly string[];
  readonly useCase: string | null;
  readonly status: SenderIdStatus;
  readonly rejectionReason: string | null;
  /** The flat fees charged on approval, in USD; zero while pending, when rejected and when none applied. */
  readonly feeUsd: Money;
  /** Set exactly when a fee was charged. */
  readonly feeCharge: SenderIdFeeCharge | null;
  readonly createdAt: Date;
  /** When it was approved or rejected. */
  readonly decidedAt: Date | null;
}

/** A request before the repository stores it and gives it an id. */
export type NewSenderIdRequest = Omit<SenderIdRequestSnapshot, 'id'>;

export interface NewSenderIdRequestInput {
  readonly accountId: string;
  /** A valid `SenderIdName` value. */
  readonly name: string;
  /** Parsed by `parseSenderIdCountries`. */
  readonly countries: readonly string[];
  readonly useCase: string | null;
}

/** What approval takes: the USD fee of the request's flat-fee countries and, when it is above zero, its charge. */
export interface SenderIdApproval {
  readonly feeUsd: Money;
  readonly charge: SenderIdFeeCharge | null;
}

/**
 * A customer's request to register an alphanumeric sender ID in some countries.
 *
 *   pending --approve (fee charged, if any)--> approved
 *   pending --reject (nothing charged)-------> rejected
 *
 * Approved and rejected are final. The fee is taken only on approval.
 */
export class SenderIdRequest {
  private constructor(private state: SenderIdRequestSnapshot) {}

  static draft(input: NewSenderIdRequestInput, now: Date): NewSenderIdRequest {
    if (input.countries.length === 0) throw new RangeError('A sender-ID request needs at least one country');
    return {
      ...input,
      countries: [...input.countries],
      status: 'pending',
      rejectionReason: null,
      feeUsd: Money.zero(USD),
      feeCharge: null,
      createdAt: now,
      decidedAt: null,
    };
  }

  static rehydrate(snapshot: SenderIdRequestSnapshot): SenderIdRequest {
    return new SenderIdRequest({ ...snapshot, countries: [...snapshot.countries] });
  }

  get id(): number {
    return this.state.id;
  }

  get accountId(): string {
    return this.state.accountId;
  }

  get name(): string {
    return this.state.name;
  }

  get countries(): readonly string[] {
    return this.state.countries;
  }

  get status(): SenderIdStatus {
    return this.state.status;
  }

  /** The idempotency key of its fee in the ledger: one approval fee per request, ever. */
  get feeReference(): string {
    return `sender_id:${this.state.id}:approval`;
  }

  /** `conflict` unless pending: what approve and reject check before doing anything else. */
  ensurePending(action: 'approve' | 'reject'): Result<void, SenderIdNotPendingError> {
    return this.state.status === 'pending' ? ok(undefined) : err(senderIdNotPending(this.state.id, this.state.status, action));
  }

  approve(approval: SenderIdApproval, now: Date): Result<void, SenderIdNotPendingError> {
    return this.ensurePending('approve').map(() => {
      if (approval.feeUsd.currency !== USD || approval.feeUsd.isNegative()) throw new RangeError(`Sender-ID fees are USD >= 0, got ${approval.feeUsd.toString()}`);
      if (approval.feeUsd.isPositive() !== (approval.charge !== null)) throw new RangeError('A fee above zero needs its charge, and only it has one');
      this.state = { ...this.state, status: 'approved', feeUsd: approval.feeUsd, feeCharge: approval.charge, decidedAt: now };
    });
  }

  /** Nothing is charged. The reason (trimmed, 1 to 500 characters) is shown to the customer. */
  reject(reason: string, now: Date): Result<void, SenderIdNotPendingError | ValidationError> {
    return this.ensurePending('reject').andThen(() => {
      const text = reason.trim();
      if (text.length === 0) return err(fieldError('reason', 'Must not be blank'));
      if (text.length > SENDER_ID_REJECTION_REASON_MAX_LENGTH) return err(fieldError('reason', `At most ${SENDER_ID_REJECTION_REASON_MAX_LENGTH} characters`));
      this.state = { ...this.state, status: 'rejected', rejectionReason: text, decidedAt: now };
      return ok(undefined);
    });
  }

  toSnapshot(): SenderIdRequestSnapshot {
    return { ...this.state, countries: [...this.state.countries] };
  }
}
