/**
 * A carrier for tests and demos of an embedding app: it records every submission (with its
 * parts), answers each one as the test scripted (accepted by default), and reports delivery
 * receipts when the test says so, through the `DeliveryReceiptSink` it is connected to (the core's
 * `applyDeliveryReceipts`, which `createTuma` connects; or `connect` it yourself once the core is
 * built). It passes `describeCarrierGatewayContract`.
 */
import { err, ok, systemClock, type Clock } from '@tuma/kernel';
import { submitRejected, type CarrierGateway, type CarrierSubmission, type SubmitResult } from '../application/delivery/carrier-gateway.port.ts';
import type { DeliveryReceiptSink } from '../application/delivery/delivery-receipt-sink.port.ts';
import type { DeliveryErrorCode } from '../domain/delivery/delivery-error-codes.ts';
import type { ReceiptState } from '../domain/delivery/delivery-receipt.ts';

/** A submission the carrier took: what it was given, its ids per part, and how many segments it is. */
export interface FakeSubmission extends CarrierSubmission {
  readonly carrierMessageIds: readonly string[];
  readonly segments: number;
}

/** A scripted refusal: our code, whether a later attempt may succeed, and the carrier's own status. */
export interface FakeRefusal {
  readonly errorCode: DeliveryErrorCode;
  readonly retryable: boolean;
  readonly carrierStatus?: string;
}

export class FakeCarrier implements CarrierGateway {
  /** Every submission taken, in order. */
  readonly submissions: FakeSubmission[] = [];
  /** Every submission refused, in order. */
  readonly refusals: CarrierSubmission[] = [];
  private readonly scripts = new Map<string, FakeRefusal[]>();
  private sink: DeliveryReceiptSink | undefined;
  private sequence = 0;

  constructor(
    readonly name = 'fake-carrier',
    private readonly clock: Clock = systemClock,
  ) {}

  /** Where receipts go: the core's receipts (`{ receive: (r) => messaging.applyDeliveryReceipts.execute([r]) }`). */
  connect(sink: DeliveryReceiptSink): this {
    this.sink = sink;
    return this;
  }

  /** The next submissions to `to` are refused with these, in order; then they are taken again. */
  refuseNext(to: string, ...refusals: FakeRefusal[]): void {
    this.scripts.set(to, [...(this.scripts.get(to) ?? []), ...refusals]);
  }

  async submit(submission: CarrierSubmission): Promise<SubmitResult> {
    if (submission.parts.length === 0) throw new RangeError(`FakeCarrier: ${submission.messageId} has no parts`);
    const refusal = this.scripts.get(submission.to)?.shift();
    if (refusal) {
      this.refusals.push(submission);
      return err(submitRejected(refusal.errorCode, refusal.retryable, `${this.name} refused ${submission.to}: ${refusal.errorCode}`, refusal.carrierStatus ?? null));
    }
    const carrierMessageIds = submission.parts.map(() => `${this.name}-${++this.sequence}`);
    this.submissions.push({ ...submission, carrierMessageIds, segments: submission.parts.length });
    return ok({ carrierMessageIds });
  }

  /** The submissions taken for this number. */
  sentTo(to: string): FakeSubmission[] {
    return this.submissions.filter((s) => s.to === to);
  }

  /** Reports every part of the message delivered; resolves once the core applied the receipts. */
  deliver(messageId: string): Promise<void> {
    return this.report(messageId, 'delivered', null);
  }

  /** Reports every part of the message failed with our code (`undeliverable` by default) and the carrier's own. */
  fail(messageId: string, errorCode: DeliveryErrorCode = 'undeliverable', carrierErrorCode: string | null = null): Promise<void> {
    return this.report(messageId, 'undeliverable', errorCode, carrierErrorCode);
  }

  /** Delivers every message taken so far (again: a receipt the core already applied is ignored). */
  async deliverAll(): Promise<void> {
    for (const messageId of new Set(this.submissions.map((s) => s.messageId))) await this.deliver(messageId);
  }

  private async report(messageId: string, state: ReceiptState, errorCode: DeliveryErrorCode | null, carrierErrorCode: string | null = null): Promise<void> {
    if (!this.sink) throw new Error('FakeCarrier: connect(sink) before reporting receipts');
    const submission = this.submissions.find((s) => s.messageId === messageId);
    if (!submission) throw new Error(`FakeCarrier: ${messageId} was never taken`);
    const at = this.clock.now();
    for (const [partIndex, carrierMessageId] of submission.carrierMessageIds.entries()) {
      await this.sink.receive({ carrier: this.name, carrierMessageId, messageId, partIndex, state, errorCode, carrierErrorCode, submittedAt: at, doneAt: at, receivedAt: at });
    }
  }
}
