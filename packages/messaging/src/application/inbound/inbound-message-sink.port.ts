/**
 * Where gateways hand the inbound messages they receive: the SMPP bind's deliver_sm that are not
 * receipts, the simulator's simulated replies, and aggregators' HTTP pushes.
 *
 * `receive` resolves once the message is dealt with: Ok when it is stored (a repeat of one stored
 * before included), Err when it can never be (its sender is not a phone number, ...: sending it again
 * would not help). A rejection is a passing failure (the database is down): a gateway then makes
 * the carrier deliver it again.
 */
import type { Result } from '@tuma/kernel';
import type { InboundSms, InvalidInboundSms } from '../../domain/inbound/inbound-message.ts';
import type { ReceivedInbound } from './receive-inbound-message.use-case.ts';

export interface InboundMessageSink {
  receive(sms: InboundSms): Promise<Result<ReceivedInbound, InvalidInboundSms>>;
}
