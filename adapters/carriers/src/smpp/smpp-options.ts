/** Settings of one SMPP bind. Defaults and meanings: docs/carriers.md, "SMPP". */
import type { Clock } from '@tuma/kernel';
import type { DeliveryReceiptSink, InboundMessageSink } from '@tuma/messaging';
import type { SmppGatewayEvent } from './smpp-events.ts';
import type { LongMessageMode } from './submit-pdus.ts';

export interface ReconnectBackoff {
  readonly initialDelayMs: number;
  readonly maxDelayMs: number;
  readonly factor: number;
}

export interface SmppGatewayOptions {
  /** Names the connection in receipts and logs, e.g. `smpp:safaricom`. */
  readonly name: string;
  readonly host: string;
  readonly port: number;
  readonly systemId: string;
  readonly password: string;
  readonly systemType?: string;
  /** service_type of every submit_sm; empty for the SMSC default. */
  readonly serviceType?: string;
  readonly sink: DeliveryReceiptSink;
  /** Where inbound (mobile-originated) messages go; without one they are refused for now (ESME_RX_T_APPN), so the SMSC keeps them. */
  readonly inbound?: InboundMessageSink;
  /** Requests sent and not yet answered, at most. */
  readonly windowSize?: number;
  /** Submissions (parts) waiting for a window slot before `submit` answers insufficient_route_capacity. */
  readonly maxWaiting?: number;
  /** submit_sm per second on this bind; 0 for no limit. */
  readonly throughputPerSecond?: number;
  /** How a message of several parts goes out: concatenation UDH per part, or one message_payload. */
  readonly longMessages?: LongMessageMode;
  readonly enquireLinkIntervalMs?: number;
  /** No enquire_link_resp within this time: the connection is dead and is dropped. */
  readonly enquireLinkTimeoutMs?: number;
  /** Wait for a bind_transceiver_resp. */
  readonly bindTimeoutMs?: number;
  /** Wait for a submit_sm_resp before answering network_timeout. */
  readonly responseTimeoutMs?: number;
  /** How long a submission waits for a bound connection before answering carrier_unavailable. */
  readonly bindWaitMs?: number;
  readonly reconnect?: Partial<ReconnectBackoff>;
  readonly clock?: Clock;
  /** Connection events, for logs and metrics. */
  readonly onEvent?: (event: SmppGatewayEvent) => void;
}

export type ResolvedSmppOptions = Required<Omit<SmppGatewayOptions, 'inbound' | 'reconnect' | 'clock' | 'onEvent'>> & {
  readonly inbound: InboundMessageSink | undefined;
  readonly reconnect: ReconnectBackoff;
  readonly clock: Clock;
  readonly onEvent: (event: SmppGatewayEvent) => void;
};

export const SMPP_DEFAULTS = {
  systemType: '',
  serviceType: '',
  windowSize: 10,
  maxWaiting: 10_000,
  throughputPerSecond: 50,
  longMessages: 'udh',
  enquireLinkIntervalMs: 30_000,
  enquireLinkTimeoutMs: 10_000,
  bindTimeoutMs: 10_000,
  responseTimeoutMs: 30_000,
  bindWaitMs: 10_000,
  reconnect: { initialDelayMs: 1_000, maxDelayMs: 60_000, factor: 2 },
} as const;

export function resolveSmppOptions(options: SmppGatewayOptions, systemClock: Clock): ResolvedSmppOptions {
  const d = SMPP_DEFAULTS;
  return {
    name: options.name,
    host: options.host,
    port: options.port,
    systemId: options.systemId,
    password: options.password,
    sink: options.sink,
    inbound: options.inbound,
    systemType: options.systemType ?? d.systemType,
    serviceType: options.serviceType ?? d.serviceType,
    windowSize: options.windowSize ?? d.windowSize,
    maxWaiting: options.maxWaiting ?? d.maxWaiting,
    throughputPerSecond: options.throughputPerSecond ?? d.throughputPerSecond,
    longMessages: options.longMessages ?? d.longMessages,
    enquireLinkIntervalMs: options.enquireLinkIntervalMs ?? d.enquireLinkIntervalMs,
    enquireLinkTimeoutMs: options.enquireLinkTimeoutMs ?? d.enquireLinkTimeoutMs,
    bindTimeoutMs: options.bindTimeoutMs ?? d.bindTimeoutMs,
    responseTimeoutMs: options.responseTimeoutMs ?? d.responseTimeoutMs,
    bindWaitMs: options.bindWaitMs ?? d.bindWaitMs,
    reconnect: {
      initialDelayMs: options.reconnect?.initialDelayMs ?? d.reconnect.initialDelayMs,
      maxDelayMs: options.reconnect?.maxDelayMs ?? d.reconnect.maxDelayMs,
      factor: options.reconnect?.factor ?? d.reconnect.factor,
    },
    clock: options.clock ?? systemClock,
    onEvent: options.onEvent ?? (() => undefined),
  };
}

/** The delay before reconnect attempt `attempt` (1-based): initial x factor^(attempt-1), capped. */
export function reconnectDelayMs(attempt: number, backoff: ReconnectBackoff): number {
  return Math.min(backoff.maxDelayMs, backoff.initialDelayMs * backoff.factor ** Math.max(0, attempt - 1));
}
