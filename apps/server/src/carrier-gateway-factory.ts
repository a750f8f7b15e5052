import { token, type Clock } from '@tuma/kernel';
import type { CarrierGateway, DeliveryReceiptSink, InboundMessageSink } from '@tuma/messaging';

/** What an embedder's carrier gateway is given: where its delivery receipts and inbound messages go, and the clock. */
export interface CarrierGatewayPorts {
  readonly sink: DeliveryReceiptSink;
  readonly inbound: InboundMessageSink;
  readonly clock: Clock;
}

/**
 * Builds the live carrier gateway of a server started in-process (`new TumaServer(config, logger,
 * { carrierGateway })`), instead of the one CARRIER_GATEWAY selects. The gateway may have
 * `start()` (called before workers run, except on the `api` role), `stop()` and `close()`.
 */
export type CarrierGatewayFactory = (ports: CarrierGatewayPorts) => CarrierGateway;

/** Bound only when an embedder brings its live carrier (optional: not among SERVER_TOKENS, which always resolve). */
export const CARRIER_GATEWAY_FACTORY = token<CarrierGatewayFactory>('server.CarrierGatewayFactory');
