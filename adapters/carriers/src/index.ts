/** Carrier gateways (issue 5): the in-process simulator and SMPP 3.4. docs/carriers.md. */
export { SimulatorCarrierGateway, type SimulatedInbound } from './simulator/simulator-carrier-gateway.ts';
export {
  resolveSimulatorOptions,
  SIMULATED_FAILURES,
  SIMULATED_REFUSALS,
  SIMULATOR_DEFAULTS,
  type OutcomeRatios,
  type ResolvedSimulatorOptions,
  type SimulatorOptions,
} from './simulator/simulator-options.ts';
export { MAGIC_NUMBERS, overrideFor, type NumberOverride, type SimulatedOutcome } from './simulator/simulated-outcome.ts';
export { HandsetInbox, type HandsetMessage, type HandsetQuery } from './simulator/handset-inbox.ts';
export { SimulatedHandsets, type EnvironmentHandsetMessage } from './simulator/simulated-handsets.ts';
export { ManualScheduler, timerScheduler, type ScheduledTask, type Scheduler } from './simulator/scheduler.ts';

export { SmppCarrierGateway } from './smpp/smpp-carrier-gateway.ts';
export { SmppBindError } from './smpp/smpp-connection.ts';
export { reconnectDelayMs, resolveSmppOptions, SMPP_DEFAULTS, type ReconnectBackoff, type SmppGatewayOptions } from './smpp/smpp-options.ts';
export type { SmppGatewayEvent } from './smpp/smpp-events.ts';
export { COMMAND_STATUS, commandStatusName, formatCommandStatus, submitRefusal, type SubmitRefusal } from './smpp/command-status.ts';
export {
  errorCodeOfNetworkError,
  errorCodeOfReceiptError,
  parseNetworkErrorCode,
  receiptStateOfMessageState,
  receiptStateOfStat,
  type NetworkErrorCode,
} from './smpp/receipt-codes.ts';
export { parseReceiptDate, parseReceiptText, type ReceiptText } from './smpp/receipt-text.ts';
export { deliverSmBody, deliverSmText, isDeliveryReceipt, readDeliveryReceipt, type DeliverSmFields } from './smpp/deliver-sm-receipt.ts';
export { readInboundSms } from './smpp/deliver-sm-inbound.ts';
export {
  buildSubmitPdus,
  concatenationUdh,
  DATA_CODING,
  encodeText,
  ESM_CLASS_UDH_INDICATOR,
  REGISTERED_DELIVERY_FINAL,
  type LongMessageMode,
  type SubmitPduOptions,
  type SubmitSmFields,
} from './smpp/submit-pdus.ts';
export { asciiFromGsm7Decoded, encodeGsm7Unpacked } from './smpp/gsm7-octets.ts';
export { destinationAddress, NPI, sourceAddress, TON, type SmppAddress } from './smpp/addresses.ts';
export { ThroughputLimiter, type LimiterTime } from './smpp/throughput-limiter.ts';
