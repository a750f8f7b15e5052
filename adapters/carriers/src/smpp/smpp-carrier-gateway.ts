/**
 * CarrierGateway over one SMPP 3.4 transceiver bind. docs/carriers.md, "SMPP".
 *
 * Every part of a submission waits for a bound connection (up to `bindWaitMs`), for a window slot
 * and for its throughput slot, then goes out as a submit_sm; the submission is accepted when every
 * part is. Delivery receipts (deliver_sm) go to the sink; the deliver_sm_resp is sent once the sink
 * has taken the receipt, or with ESME_RX_T_APPN when it failed, so the SMSC delivers it again.
 * Inbound messages go to the inbound sink the same way; one that can never be stored (unreadable,
 * or refused by the sink) is answered ESME_RX_P_APPN, so the SMSC stops offering it.
 */
import { err, ok, Slots, systemClock } from '@tuma/kernel';
import {
  submitRejected,
  type CarrierGateway,
  type CarrierSubmission,
  type DeliveryErrorCode,
  type SubmitResult,
} from '@tuma/messaging';
import type smpp from 'smpp';
import { COMMAND_STATUS, submitRefusal } from './command-status.ts';
import { readInboundSms } from './deliver-sm-inbound.ts';
import { isDeliveryReceipt, readDeliveryReceipt, withoutQuotedText, type DeliverSmFields } from './deliver-sm-receipt.ts';
import { SmppConnection } from './smpp-connection.ts';
import { resolveSmppOptions, type ResolvedSmppOptions, type SmppGatewayOptions } from './smpp-options.ts';
import { buildSubmitPdus, type SubmitSmFields } from './submit-pdus.ts';
import { ThroughputLimiter } from './throughput-limiter.ts';

type PartOutcome =
  | { readonly kind: 'accepted'; readonly carrierMessageId: string }
  | {
      readonly kind: 'refused';
      readonly errorCode: DeliveryErrorCode;
      readonly retryable: boolean;
      readonly carrierStatus: string | null;
      readonly reason: string;
    };

export class SmppCarrierGateway implements CarrierGateway {
  readonly name: string;
  private readonly options: ResolvedSmppOptions;
  private readonly connection: SmppConnection;
  private readonly window: Slots;
  private readonly limiter: ThroughputLimiter;
  private reference = 0;

  constructor(options: SmppGatewayOptions) {
    this.options = resolveSmppOptions(options, systemClock);
    this.name = this.options.name;
    this.window = new Slots(this.options.windowSize, this.options.maxWaiting);
    this.limiter = new ThroughputLimiter(this.options.throughputPerSecond);
    this.connection = new SmppConnection(this.options, {
      onDeliverSm: (pdu, respond) => this.onDeliverSm(pdu, respond),
      onEvent: this.options.onEvent,
    });
  }

  /** Connects and binds; resolves once bound. Rejects with SmppBindError when the SMSC refuses the credentials. */
  start(): Promise<void> {
    return this.connection.start();
  }

  /** Unbinds and closes; submissions still waiting are answered carrier_unavailable or network_timeout. */
  stop(): Promise<void> {
    return this.connection.stop();
  }

  get isBound(): boolean {
    return this.connection.isBound;
  }

  /** submit_sm sent and not yet answered, and parts waiting for a window slot. */
  get load(): { readonly outstanding: number; readonly waiting: number } {
    return { outstanding: this.window.outstanding, waiting: this.window.waiting };
  }

  async submit(submission: CarrierSubmission): Promise<SubmitResult> {
    const pdus = buildSubmitPdus(submission, {
      longMessages: this.options.longMessages,
      reference: this.nextReference(),
      serviceType: this.options.serviceType,
    });
    const outcomes = await Promise.all(pdus.map((fields) => this.submitPart(fields)));
    const accepted = outcomes.flatMap((outcome) => (outcome.kind === 'accepted' ? [outcome.carrierMessageId] : []));
    const refused = outcomes.find((outcome) => outcome.kind === 'refused');
    if (!refused) return ok({ carrierMessageIds: accepted });
    const part = outcomes.indexOf(refused) + 1;
    const message = `${this.name} refused part ${part} of ${outcomes.length}: ${refused.reason}`;
    return err(submitRejected(refused.errorCode, refused.retryable, message, refused.carrierStatus, accepted));
  }

  private async submitPart(fields: SubmitSmFields): Promise<PartOutcome> {
    if (!(await this.connection.whenBound(this.options.bindWaitMs))) {
      return refusedLocally('carrier_unavailable', `not bound within ${this.options.bindWaitMs} ms`);
    }
    const slot = this.window.tryAcquire();
    if (!slot) return refusedLocally('insufficient_route_capacity', `${this.window.waiting} submissions already wait for the window`);
    const release = await slot;
    try {
      await this.limiter.acquire();
      const outcome = await this.connection.request('submit_sm', fields, this.options.responseTimeoutMs);
      switch (outcome.kind) {
        case 'response':
          return this.readSubmitResponse(outcome.pdu);
        case 'not_sent':
          return refusedLocally('carrier_unavailable', 'the connection was lost before the part was sent');
        case 'timeout':
          return refusedLocally('network_timeout', `no submit_sm_resp within ${this.options.responseTimeoutMs} ms`);
        case 'disconnected':
          return refusedLocally('network_timeout', 'the connection closed before the submit_sm_resp');
      }
    } finally {
      release();
    }
  }

  private readSubmitResponse(pdu: smpp.PDU): PartOutcome {
    if (pdu.command_status !== COMMAND_STATUS.ESME_ROK) {
      const refusal = submitRefusal(pdu.command_status);
      return { kind: 'refused', ...refusal, reason: refusal.description };
    }
    const id = typeof pdu['message_id'] === 'string' ? pdu['message_id'] : '';
    if (id === '') return { kind: 'refused', errorCode: 'unknown_error', retryable: false, carrierStatus: '0x00000000', reason: 'accepted without a message_id' };
    return { kind: 'accepted', carrierMessageId: id };
  }

  private onDeliverSm(pdu: smpp.PDU, respond: (commandStatus: number) => void): void {
    if (!isDeliveryReceipt(pdu)) return this.onInbound(pdu, respond);
    const receipt = readDeliveryReceipt(pdu, this.name, this.options.clock.now());
    if (!receipt) {
      // Sending it again would not make it readable.
      this.options.onEvent({ type: 'receipt_unreadable', text: withoutQuotedText(JSON.stringify(pdu['short_message'] ?? null)) });
      return respond(COMMAND_STATUS.ESME_ROK);
    }
    this.options.sink.receive(receipt).then(
      () => respond(COMMAND_STATUS.ESME_ROK),
      (error: unknown) => {
        this.options.onEvent({ type: 'receipt_sink_failed', carrierMessageId: receipt.carrierMessageId, error: String(error) });
        respond(COMMAND_STATUS.ESME_RX_T_APPN);
      },
    );
  }

  private onInbound(pdu: DeliverSmFields, respond: (commandStatus: number) => void): void {
    const from = String(pdu['source_addr'] ?? '');
    const sink = this.options.inbound;
    if (!sink) {
      // Nobody to take it here: a temporary error keeps it at the SMSC.
      this.options.onEvent({ type: 'inbound_refused', from });
      return respond(COMMAND_STATUS.ESME_RX_T_APPN);
    }
    const sms = readInboundSms(pdu, this.name, this.options.clock.now());
    if (!sms) {
      this.options.onEvent({ type: 'inbound_unreadable', from, reason: `data_coding ${String(pdu['data_coding'])} is not text` });
      return respond(COMMAND_STATUS.ESME_RX_P_APPN);
    }
    sink.receive(sms).then(
      (taken) => {
        if (taken.isOk()) return respond(COMMAND_STATUS.ESME_ROK);
        this.options.onEvent({ type: 'inbound_unreadable', from, reason: taken.error.message });
        respond(COMMAND_STATUS.ESME_RX_P_APPN);
      },
      (error: unknown) => {
        this.options.onEvent({ type: 'inbound_sink_failed', from, error: String(error) });
        respond(COMMAND_STATUS.ESME_RX_T_APPN);
      },
    );
  }

  private nextReference(): number {
    this.reference = (this.reference + 1) % 256;
    return this.reference;
  }
}

function refusedLocally(errorCode: DeliveryErrorCode, reason: string): PartOutcome {
  return { kind: 'refused', errorCode, retryable: true, carrierStatus: null, reason };
}
