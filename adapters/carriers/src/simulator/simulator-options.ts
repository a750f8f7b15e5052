/** Settings of the carrier simulator. docs/carriers.md, "Simulator". */
import { systemClock, type Clock } from '@tuma/kernel';
import type { DeliveryErrorCode, DeliveryReceiptSink, InboundMessageSink } from '@tuma/messaging';
import type { NumberOverride } from './simulated-outcome.ts';
import { timerScheduler, type Scheduler } from './scheduler.ts';

/** Shares of the outcomes drawn for numbers without an override; they need not sum to 1. */
export interface OutcomeRatios {
  readonly delivered: number;
  readonly failed: number;
  readonly expired: number;
  /** Refused at submission. */
  readonly refused: number;
}

export interface SimulatorOptions {
  readonly sink: DeliveryReceiptSink;
  /** Where `simulateInbound` hands the replies it makes up. */
  readonly inbound?: InboundMessageSink;
  /** Names the gateway in receipts; default `simulator`. */
  readonly name?: string;
  /** Delay of each part's receipt after the submission, drawn uniformly from [min, max] ms. */
  readonly latencyMs?: { readonly min: number; readonly max: number };
  readonly ratios?: Partial<OutcomeRatios>;
  /** Seed of the PRNG drawing outcomes, codes and latencies (and naming carrier ids); random when absent. */
  readonly seed?: number;
  /** Checked before the magic numbers. */
  readonly overrides?: readonly NumberOverride[];
  /** Whether the built-in magic numbers apply; default true. */
  readonly magicNumbers?: boolean;
  /** Waits before delivering a receipt again when the sink failed; after the last, `onError` hears of it. */
  readonly receiptRetryDelaysMs?: readonly number[];
  readonly scheduler?: Scheduler;
  readonly clock?: Clock;
  /** A receipt the sink refused at every try. */
  readonly onError?: (error: unknown) => void;
  /** How many accepted messages the handset inbox keeps (the oldest dropped); default 1,000. */
  readonly inboxSize?: number;
}

export const SIMULATOR_DEFAULTS = {
  name: 'simulator',
  latencyMs: { min: 200, max: 2_000 },
  ratios: { delivered: 0.95, failed: 0.03, expired: 0.01, refused: 0.01 },
  magicNumbers: true,
  receiptRetryDelaysMs: [1_000, 5_000, 30_000],
  inboxSize: 1_000,
} as const;

/** Failure codes drawn for `failed` outcomes, with their weights: what receipts from African networks mostly say. */
export const SIMULATED_FAILURES: readonly { readonly errorCode: DeliveryErrorCode; readonly weight: number }[] = [
  { errorCode: 'absent_subscriber', weight: 50 },
  { errorCode: 'unknown_subscriber', weight: 20 },
  { errorCode: 'subscriber_barred', weight: 10 },
  { errorCode: 'handset_error', weight: 10 },
  { errorCode: 'network_error', weight: 10 },
];

/** Refusals drawn for `refused` outcomes, with their weights. */
export const SIMULATED_REFUSALS: readonly { readonly errorCode: DeliveryErrorCode; readonly weight: number }[] = [
  { errorCode: 'invalid_destination', weight: 60 },
  { errorCode: 'throttled', weight: 25 },
  { errorCode: 'carrier_rejected', weight: 15 },
];

export interface ResolvedSimulatorOptions {
  readonly sink: DeliveryReceiptSink;
  readonly inbound: InboundMessageSink | undefined;
  readonly name: string;
  readonly latencyMs: { readonly min: number; readonly max: number };
  readonly ratios: OutcomeRatios;
  readonly seed: number | undefined;
  readonly overrides: readonly NumberOverride[];
  readonly magicNumbers: boolean;
  readonly receiptRetryDelaysMs: readonly number[];
  readonly scheduler: Scheduler;
  readonly clock: Clock;
  readonly onError: (error: unknown) => void;
  readonly inboxSize: number;
}

/** Fills in defaults; throws a RangeError for settings that cannot work (a configuration bug). */
export function resolveSimulatorOptions(options: SimulatorOptions): ResolvedSimulatorOptions {
  const latencyMs = options.latencyMs ?? SIMULATOR_DEFAULTS.latencyMs;
  if (!(latencyMs.min >= 0 && latencyMs.max >= latencyMs.min)) throw new RangeError(`latency must satisfy 0 <= min <= max, got ${latencyMs.min}..${latencyMs.max}`);
  const ratios = { ...SIMULATOR_DEFAULTS.ratios, ...options.ratios };
  const shares = Object.values(ratios);
  if (shares.some((share) => !(share >= 0)) || shares.reduce((a, b) => a + b, 0) <= 0) {
    throw new RangeError(`ratios must be non-negative with a positive sum, got ${JSON.stringify(ratios)}`);
  }
  return {
    sink: options.sink,
    inbound: options.inbound,
    name: options.name ?? SIMULATOR_DEFAULTS.name,
    latencyMs,
    ratios,
    seed: options.seed,
    overrides: options.overrides ?? [],
    magicNumbers: options.magicNumbers ?? SIMULATOR_DEFAULTS.magicNumbers,
    receiptRetryDelaysMs: options.receiptRetryDelaysMs ?? SIMULATOR_DEFAULTS.receiptRetryDelaysMs,
    scheduler: options.scheduler ?? timerScheduler,
    clock: options.clock ?? systemClock,
    onError: options.onError ?? logDroppedReceipt,
    inboxSize: options.inboxSize ?? SIMULATOR_DEFAULTS.inboxSize,
  };
}

function logDroppedReceipt(error: unknown): void {
  console.error(JSON.stringify({ level: 'error', msg: 'simulated delivery receipt dropped', error: String(error) }));
}
