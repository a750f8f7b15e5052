import { err, Slots } from '@tuma/kernel';
import { NO_RETRIES, type RetryPolicy } from '../../domain/delivery/retry-policy.ts';
import type { OutboundMessage } from '../../domain/messages/outbound-message.ts';
import { segmentMessage } from '../../domain/segmenting/segmenter.ts';
import { submitRejected, type SubmitResult } from '../delivery/carrier-gateway.port.ts';
import { reportOf, type DispatchOutcome, type DispatchReport } from './dispatch-report.ts';
import type { GatewaySelector } from './gateway-selector.ts';
import type { RecordAnswers } from './record-answers.ts';
import type { RouteThrottle } from './route-throttle.ts';

export interface SubmitLimits {
  /** Submissions in flight at once per dispatch. */
  readonly concurrency: number;
  /** Submissions of jobs the process has handed to carriers and not yet recorded, at most. */
  readonly inFlight: number;
  /** How long a sender's own submission waits for its carrier's answer. */
  readonly ownDeadlineMs: number;
}

/**
 * Dispatch step 2: the gateway calls, throttled per route, outside any transaction, each answer
 * handed to step 3 (`RecordAnswers`) as it comes, not when the last of them has come. The process
 * has at most `inFlight` submissions of jobs handed to carriers and not yet recorded: what a kill
 * can send twice (docs/reliability.md, "What a kill can duplicate").
 */
export class SubmitMessages {
  /** Taken from before a job's submission until its answer is committed. */
  private readonly inFlight: Slots;

  constructor(
    private readonly gateways: GatewaySelector,
    private readonly throttle: RouteThrottle,
    private readonly answers: RecordAnswers,
    private readonly retryPolicy: RetryPolicy,
    private readonly limits: SubmitLimits,
  ) {
    this.inFlight = new Slots(limits.inFlight);
  }

  /** Submits and records each claimed message: its outcome by id. A fault recording any of them fails the call once every other is recorded. */
  async submitAll(dispatched: readonly OutboundMessage[]): Promise<Map<string, DispatchOutcome | undefined>> {
    const outcomes = new Map<string, DispatchOutcome | undefined>();
    const failures: unknown[] = [];
    let next = 0;
    const worker = async () => {
      while (next < dispatched.length) {
        const message = dispatched[next++]!;
        const release = await this.inFlight.acquire();
        try {
          const result = await this.submitOne(message);
          outcomes.set(message.id, await this.answers.record({ message, result, policy: this.retryPolicy }));
        } catch (error) {
          failures.push(error);
        } finally {
          release();
        }
      }
    };
    await Promise.all(Array.from({ length: Math.min(this.limits.concurrency, dispatched.length) }, worker));
    if (failures.length > 0) throw failures[0];
    return outcomes;
  }

  /** A sender's own message with the text only it holds, no retries, its answer awaited at most `ownDeadlineMs`. */
  async submitOwn(message: OutboundMessage, text: string): Promise<DispatchReport> {
    let deadline: ReturnType<typeof setTimeout> | undefined;
    const late = new Promise<SubmitResult>((resolve) => {
      deadline = setTimeout(() => resolve(err(submitRejected('network_timeout', true, `no answer from the carrier within ${this.limits.ownDeadlineMs} ms`))), this.limits.ownDeadlineMs);
    });
    // Past the deadline the code counts as refused (failed, refunded, 502) before its guard looks at
    // it; an answer that still comes finds it failed and changes nothing.
    const result = await Promise.race([this.submitOne(message, text), late]).finally(() => clearTimeout(deadline));
    return reportOf([await this.answers.record({ message, result, policy: NO_RETRIES })]);
  }

  /**
   * One message: its gateway's call, after its route's throttle. A gateway that throws (an
   * embedder's HTTP client rejecting) may or may not have handed it over, as when an answer is
   * lost: a retryable `network_timeout` refusal, recorded like one (its slot held until then).
   */
  private async submitOne(message: OutboundMessage, ownText?: string): Promise<SubmitResult> {
    try {
      await this.throttle.acquire(message.routeCode);
    } catch (error) {
      // The shared bucket could not be read (the database): this message never reached the
      // carrier, so it is refused retryably on its own, and the others, perhaps sent already, are
      // still recorded rather than left `sent` for a retry to send again.
      return err(submitRejected('carrier_unavailable', true, `the route's throughput could not be taken: ${(error as Error).message}`));
    }
    const gateway = this.gateways.gatewayFor(message.environment, message.routeCode);
    const text = ownText ?? message.text;
    const { encoding, parts } = segmentMessage(text, { maxSegments: 255 });
    try {
      return await gateway.submit({ messageId: message.id, from: message.senderId, to: message.phone, text, encoding, parts, routeCode: message.routeCode });
    } catch (error) {
      return err(submitRejected('network_timeout', true, `The carrier gateway threw: ${error instanceof Error ? error.message : String(error)}`));
    }
  }
}
