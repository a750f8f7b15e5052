/**
 * A carrier that lives in the process: the default gateway of the embedded setup and of test keys.
 * It accepts or refuses each submission at once, then sends one receipt per part to the sink after
 * a random latency. Outcomes come from per-number overrides, the magic numbers, or the ratios,
 * drawn from a seeded PRNG at submission, so the same seed and the same submissions give the same
 * outcomes however receipts are timed. What it accepts goes to its handset `inbox` in clear text.
 * `simulateInbound` makes up a reply from a phone, as the carrier would deliver it.
 * docs/carriers.md, "Simulator".
 */
import { randomUUID } from 'node:crypto';
import { err, ok, type Result } from '@tuma/kernel';
import {
  isRetryableError,
  submitRejected,
  type CarrierGateway,
  type CarrierSubmission,
  type DeliveryErrorCode,
  type DeliveryReceipt,
  type InvalidInboundSms,
  type ReceivedInbound,
  type SubmitResult,
} from '@tuma/messaging';
import { HandsetInbox } from './handset-inbox.ts';
import { MAGIC_NUMBERS, overrideFor, type SimulatedOutcome } from './simulated-outcome.ts';
import { seededRandom } from '@tuma/kernel';
import {
  resolveSimulatorOptions,
  SIMULATED_FAILURES,
  SIMULATED_REFUSALS,
  type ResolvedSimulatorOptions,
  type SimulatorOptions,
} from './simulator-options.ts';

const E164 = /^\+[1-9]\d{6,14}$/;

/** The carrier error codes a real SMSC would put in `err:` for each of our codes (GSM MAP, decimal). */
const CARRIER_ERRORS: Partial<Record<DeliveryErrorCode, string>> = {
  unknown_subscriber: '001',
  absent_subscriber: '027',
  subscriber_barred: '013',
  handset_error: '032',
  network_error: '034',
};

/** A reply from a phone: `from` in international format, `to` one of our numbers, short codes or sender IDs. */
export interface SimulatedInbound {
  readonly from: string;
  readonly to: string;
  readonly text: string;
  /** The carrier's id of it; a fresh one when absent. Giving one twice simulates a carrier delivering a message again. */
  readonly carrierMessageId?: string;
}

export class SimulatorCarrierGateway implements CarrierGateway {
  readonly name: string;
  /** What the phones received: every submission accepted, newest kept. */
  readonly inbox: HandsetInbox;
  private readonly options: ResolvedSimulatorOptions;
  private readonly random: () => number;
  private readonly idPrefix: string;
  private sequence = 0;
  private readonly pending = new Set<() => void>();

  constructor(options: SimulatorOptions) {
    this.options = resolveSimulatorOptions(options);
    this.name = this.options.name;
    this.inbox = new HandsetInbox(this.options.inboxSize);
    const { seed } = this.options;
    this.random = seededRandom(seed ?? Math.floor(Math.random() * 2 ** 32));
    this.idPrefix = seed === undefined ? `sim-${randomUUID().slice(0, 8)}-` : `sim-${(seed >>> 0).toString(16)}-`;
  }

  /** Receipts scheduled and not yet taken by the sink. */
  get pendingReceipts(): number {
    return this.pending.size;
  }

  async submit(submission: CarrierSubmission): Promise<SubmitResult> {
    if (submission.parts.length === 0) throw new RangeError(`Message ${submission.messageId} has no parts`);
    if (!E164.test(submission.to)) return err(submitRejected('invalid_destination', false, `${submission.to} is not an E.164 number`, 'simulated'));
    const outcome = this.outcomeFor(submission.to);
    if (outcome.kind === 'refuse') {
      return err(submitRejected(outcome.errorCode, outcome.retryable, `The simulator refused the message: ${outcome.errorCode}`, 'simulated'));
    }
    const acceptedAt = this.options.clock.now();
    const carrierMessageIds = submission.parts.map(() => this.nextCarrierMessageId());
    const { messageId, from, to, text, parts } = submission;
    this.inbox.record({ messageId, from, to, text, parts: parts.length, gateway: this.name, receivedAt: acceptedAt });
    if (outcome.kind !== 'silent') {
      carrierMessageIds.forEach((carrierMessageId, partIndex) => {
        const latency = this.draw(this.options.latencyMs.min, this.options.latencyMs.max);
        this.schedule(latency, () => {
          const doneAt = this.options.clock.now();
          return this.deliverReceipt(this.receiptFor(submission, outcome, carrierMessageId, partIndex, acceptedAt, doneAt), 0);
        });
      });
    }
    return ok({ carrierMessageIds });
  }

  /**
   * Hands a made-up inbound message to the inbound sink, named after this gateway, received now:
   * what the sink answers. A simulator without an inbound sink cannot (a wiring bug: it throws).
   */
  simulateInbound(input: SimulatedInbound): Promise<Result<ReceivedInbound, InvalidInboundSms>> {
    const { inbound, clock } = this.options;
    if (!inbound) throw new Error(`The simulator ${this.name} has no inbound sink`);
    const carrierMessageId = input.carrierMessageId ?? this.nextCarrierMessageId();
    return inbound.receive({ from: input.from, to: input.to, text: input.text, carrier: this.name, carrierMessageId, receivedAt: clock.now() });
  }

  /** Cancels every receipt not delivered yet. */
  close(): void {
    for (const cancel of [...this.pending]) cancel();
    this.pending.clear();
  }

  private outcomeFor(to: string): SimulatedOutcome {
    const forced = overrideFor(to, this.options.overrides) ?? (this.options.magicNumbers ? overrideFor(to, MAGIC_NUMBERS) : undefined);
    return forced ?? this.drawOutcome();
  }

  private drawOutcome(): SimulatedOutcome {
    const { delivered, failed, expired, refused } = this.options.ratios;
    let roll = this.random() * (delivered + failed + expired + refused);
    if ((roll -= delivered) < 0) return { kind: 'deliver' };
    if ((roll -= failed) < 0) return { kind: 'fail', state: 'undeliverable', errorCode: this.pick(SIMULATED_FAILURES) };
    if ((roll -= expired) < 0) return { kind: 'fail', state: 'expired', errorCode: 'expired' };
    const errorCode = this.pick(SIMULATED_REFUSALS);
    return { kind: 'refuse', errorCode, retryable: isRetryableError(errorCode) };
  }

  private receiptFor(
    submission: CarrierSubmission,
    outcome: Extract<SimulatedOutcome, { kind: 'deliver' | 'fail' }>,
    carrierMessageId: string,
    partIndex: number,
    acceptedAt: Date,
    doneAt: Date,
  ): DeliveryReceipt {
    const failed = outcome.kind === 'fail';
    return {
      carrier: this.name,
      carrierMessageId,
      messageId: submission.messageId,
      partIndex,
      state: failed ? outcome.state : 'delivered',
      errorCode: failed ? outcome.errorCode : null,
      carrierErrorCode: failed ? (CARRIER_ERRORS[outcome.errorCode] ?? null) : null,
      submittedAt: acceptedAt,
      doneAt,
      receivedAt: doneAt,
    };
  }

  /** Hands the receipt to the sink; when the sink fails, again after each retry delay (received anew each time). */
  private async deliverReceipt(receipt: DeliveryReceipt, attempt: number): Promise<void> {
    try {
      await this.options.sink.receive({ ...receipt, receivedAt: this.options.clock.now() });
    } catch (error) {
      const delay = this.options.receiptRetryDelaysMs[attempt];
      if (delay === undefined) return this.options.onError(error);
      this.schedule(delay, () => this.deliverReceipt(receipt, attempt + 1));
    }
  }

  private schedule(delayMs: number, task: () => Promise<void>): void {
    const cancel = this.options.scheduler(() => {
      this.pending.delete(cancel);
      return task();
    }, delayMs);
    this.pending.add(cancel);
  }

  private pick(weighted: readonly { readonly errorCode: DeliveryErrorCode; readonly weight: number }[]): DeliveryErrorCode {
    const total = weighted.reduce((sum, entry) => sum + entry.weight, 0);
    let roll = this.random() * total;
    for (const entry of weighted) if ((roll -= entry.weight) < 0) return entry.errorCode;
    return weighted.at(-1)!.errorCode;
  }

  /** A whole number of ms in [min, max]. */
  private draw(min: number, max: number): number {
    return min + Math.floor(this.random() * (max - min + 1));
  }

  private nextCarrierMessageId(): string {
    return `${this.idPrefix}${(++this.sequence).toString(36).padStart(6, '0')}`;
  }
}
