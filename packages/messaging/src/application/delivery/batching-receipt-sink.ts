import type { DeliveryReceipt } from '../../domain/delivery/delivery-receipt.ts';
import type { DeliveryReceiptSink } from './delivery-receipt-sink.port.ts';
import type { ReceiptApplication } from './apply-delivery-receipts.use-case.ts';

export interface BatchingOptions {
  /** Receipts applied together at most. */
  readonly maxBatch?: number;
  /** How long the first receipt of a batch waits for others. */
  readonly maxWaitMs?: number;
}

interface Waiting {
  readonly receipt: DeliveryReceipt;
  readonly resolve: () => void;
  readonly reject: (error: Error) => void;
}

/**
 * Gathers receipts for a few milliseconds and applies them in one go (one transaction instead of
 * one per receipt). `receive` resolves once its receipt is applied, and rejects when its message is
 * not known (yet) or the batch failed, so the gateway makes the carrier send it again.
 */
export class BatchingReceiptSink implements DeliveryReceiptSink {
  private waiting: Waiting[] = [];
  private timer: NodeJS.Timeout | undefined;
  private readonly maxBatch: number;
  private readonly maxWaitMs: number;

  constructor(
    private readonly apply: (receipts: readonly DeliveryReceipt[]) => Promise<readonly ReceiptApplication[]>,
    options: BatchingOptions = {},
  ) {
    this.maxBatch = options.maxBatch ?? 500;
    this.maxWaitMs = options.maxWaitMs ?? 20;
  }

  receive(receipt: DeliveryReceipt): Promise<void> {
    return new Promise((resolve, reject) => {
      this.waiting.push({ receipt, resolve, reject });
      if (this.waiting.length >= this.maxBatch) this.flush();
      else this.timer ??= setTimeout(() => this.flush(), this.maxWaitMs);
    });
  }

  private flush(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    const batch = this.waiting;
    this.waiting = [];
    if (batch.length === 0) return;
    this.apply(batch.map((w) => w.receipt)).then(
      (outcomes) =>
        batch.forEach((waiting, index) =>
          outcomes[index] === 'applied'
            ? waiting.resolve()
            : waiting.reject(new Error(`No message for receipt ${waiting.receipt.carrier}/${waiting.receipt.carrierMessageId} yet`)),
        ),
      (error: unknown) => batch.forEach((waiting) => waiting.reject(error instanceof Error ? error : new Error(String(error)))),
    );
  }
}
