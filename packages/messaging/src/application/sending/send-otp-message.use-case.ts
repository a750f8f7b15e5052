import type { IdempotentRequest } from '@tuma/idempotency';
import { err, ok, ResultAsync, type DomainError, type Money, type Result } from '@tuma/kernel';
import type { DeliveryErrorCode } from '../../domain/delivery/delivery-error-codes.ts';
import type { MessageRepository } from '../messages/message.repository.port.ts';
import type { OutboundMessage } from '../../domain/messages/outbound-message.ts';
import type { PhoneNumber } from '../../domain/numbers/phone-number.value-object.ts';
import type { OptOutList } from '../opt-outs/opt-out-list.port.ts';
import type { DispatchMessages } from './dispatch-messages.use-case.ts';
import { refusalsAtGates, type Admission } from './admission-gates.ts';
import { alongsideAs, type AlongsideWrite } from './alongside-writes.ts';
import type { CallerSubmission, Sender, SendMessage, SendMessageError, SendMessageInput, SentMessage } from './send-message.use-case.ts';

export interface SendOtpInput {
  readonly sender: Sender;
  /** As given, or as its caller has read it already (Verify). */
  readonly to: string | PhoneNumber;
  /** What the carrier gets: the code in clear. */
  readonly text: string;
  /** What we keep: the same text with the code masked (same length and characters, so the same price). */
  readonly maskedText: string;
  readonly senderId?: string | undefined;
  /**
   * The caller's answer to a request with an Idempotency-Key, kept in the SMS's unit of work (live
   * keys): the outcome it gets is the SMS's as it stands at the commit, before the carrier answers.
   */
  readonly idempotency?: IdempotentRequest<Result<SentOtp, SendOtpError>> | undefined;
  /** The caller's row written in the SMS's unit of work when it is charged and stored (live keys; Verify's verification). */
  readonly alongside?: AlongsideWrite<SentOtp> | undefined;
  /** The caller's limit the code must pass before it is charged (live keys: in the SMS's unit of work) or priced (test keys). */
  readonly admission?: Admission | undefined;
}

export interface SentOtp {
  /** The SMS; null for test keys, which send none. */
  readonly messageId: string | null;
  /** E.164. */
  readonly to: string;
  readonly country: string;
  /** In the wallet currency; what a test key's would have cost. */
  readonly cost: Money;
}

export interface RecipientOptedOutError extends DomainError {
  readonly type: 'recipient_opted_out';
  readonly field: 'to';
}

/** The carrier refused the SMS: the message is failed and its charge refunded. */
export interface OtpSendFailedError extends DomainError {
  readonly type: 'otp_send_failed';
  readonly messageId: string;
  readonly errorCode: DeliveryErrorCode | null;
}

export type SendOtpError = SendMessageError | RecipientOptedOutError | OtpSendFailedError;

const optedOut = (phone: string): RecipientOptedOutError => ({
  type: 'recipient_opted_out',
  field: 'to',
  message: `${phone} opted out of this account's messages (STOP); remove it from the opt-out list to send to it`,
});

const sentOtp = ({ message, price }: SentMessage): SentOtp => ({ messageId: message.id, to: message.phone, country: message.country, cost: price.walletCost });

/** What an OTP's caller makes of its stored SMS: an opted-out number's (stored rejected, unpaid) is refused. */
const otpOutcome = (sent: SentMessage): Result<SentOtp, SendOtpError> => (sent.message.delivery.status === 'rejected' ? err(optedOut(sent.message.phone)) : ok(sentOtp(sent)));

/**
 * A one-time passcode's SMS (Verify, docs/verify.md "Sending"): priced, charged and stored like any
 * single send, but with the code masked in what we keep, and submitted at once by this call with
 * the clear text, so that the caller learns whether the carrier took it: a refusal fails the
 * message and refunds it (no retries: the caller answers 502 `otp_send_failed`). Opted-out numbers
 * are refused (400) rather than stored as rejected sends. Test keys send nothing and pay nothing:
 * their answer is the price.
 */
export class SendOtpMessage {
  /** Its SMS is stored already dispatched: this call submits it. */
  private readonly submission: CallerSubmission = { dispatched: (message) => this.dispatch.ownDispatched(message) };

  constructor(
    private readonly send: SendMessage,
    private readonly dispatch: DispatchMessages,
    private readonly messages: MessageRepository,
    private readonly optOuts: OptOutList,
  ) {}

  execute(input: SendOtpInput): ResultAsync<SentOtp, SendOtpError> {
    const sending: SendMessageInput = {
      sender: input.sender,
      to: input.to,
      text: input.maskedText,
      senderId: input.senderId,
      scheduleMode: 'now',
      submission: this.submission,
      suppressDuplicates: false,
      smartEncoding: false,
      admission: input.admission,
    };
    if (input.sender.environment === 'test') return this.priceOnly(sending);
    const { idempotency, alongside } = input;
    const stored: SendMessageInput = {
      ...sending,
      ...(idempotency ? { idempotency: { claim: idempotency.claim, respond: (outcome) => idempotency.respond(outcome.andThen(otpOutcome)) } } : {}),
      ...(alongside ? { alongside: alongsideAs(alongside, sentOtp) } : {}),
    };
    return this.send.execute(stored).andThen((sent) =>
      otpOutcome(sent).asyncAndThen((otp) => ResultAsync.fromSafePromise(this.submit(sent.message, input.text)).andThen((failure) => (failure ? err(failure) : ok(otp)))),
    );
  }

  /** A test key's code: priced, then past its caller's gate (where a live one would be charged), then refused if opted out. */
  private priceOnly(sending: SendMessageInput): ResultAsync<SentOtp, SendOtpError> {
    return this.send.prepare(sending).andThen(({ message, price }) =>
      ResultAsync.fromSafePromise(refusalsAtGates([sending.admission]))
        .andThen(([refusal]) => (refusal ? err(refusal) : ok(undefined)))
        .andThen(() => ResultAsync.fromSafePromise(this.optOuts.optedOutAmong(message.accountId, [message.phone])))
        .andThen((listed) => (listed.size > 0 ? err(optedOut(message.phone)) : ok({ messageId: null, to: message.phone, country: message.country, cost: price.walletCost }))),
    );
  }

  /** Submits the stored message with the clear text; the failure when the carrier refused it. */
  private async submit(message: OutboundMessage, text: string): Promise<OtpSendFailedError | undefined> {
    const { accountId, id: messageId } = message;
    const report = await this.dispatch.submitOwn(message, { text });
    if (report.accepted === 1) return undefined;
    const after = await this.messages.find(accountId, messageId);
    if (after?.delivery.status !== 'failed') return undefined;
    return {
      type: 'otp_send_failed',
      messageId,
      errorCode: after.delivery.errorCode,
      message: `The carrier refused the code's SMS (${after.delivery.errorCode ?? 'no reason given'}); its charge was refunded`,
    };
  }
}
