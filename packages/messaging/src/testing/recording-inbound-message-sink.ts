import { err, newId, ok, type Result } from '@tuma/kernel';
import { recogniseKeyword } from '../domain/inbound/inbound-keywords.ts';
import type { InboundSms, InvalidInboundSms } from '../domain/inbound/inbound-message.ts';
import type { InboundMessageSink } from '../application/inbound/inbound-message-sink.port.ts';
import type { ReceivedInbound } from '../application/inbound/receive-inbound-message.use-case.ts';

/**
 * Keeps every inbound message it is handed, in arrival order, and takes each as new and
 * unattributed: for testing gateways. `failWith` makes `receive` reject (a passing failure),
 * `refuseWith` makes it answer an Err (a message that can never be stored).
 */
export class RecordingInboundMessageSink implements InboundMessageSink {
  readonly received: InboundSms[] = [];
  private failure: Error | undefined;
  private refusal: InvalidInboundSms | undefined;

  async receive(sms: InboundSms): Promise<Result<ReceivedInbound, InvalidInboundSms>> {
    if (this.failure) throw this.failure;
    if (this.refusal) return err(this.refusal);
    this.received.push(sms);
    const receivedAt = sms.receivedAt ?? new Date();
    const message = { id: newId('mo', receivedAt), accountId: null, from: sms.from, to: sms.to, text: sms.text, carrier: sms.carrier, carrierMessageId: sms.carrierMessageId ?? null, receivedAt };
    return ok({ message, duplicate: false, keyword: recogniseKeyword(sms.text) });
  }

  /** From now on `receive` rejects with `error`; `undefined` makes it take messages again. */
  failWith(error: Error | undefined): void {
    this.failure = error;
  }

  /** From now on `receive` answers `error`; `undefined` makes it take messages again. */
  refuseWith(error: InvalidInboundSms | undefined): void {
    this.refusal = error;
  }
}
