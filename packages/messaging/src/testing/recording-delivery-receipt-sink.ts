import type { DeliveryReceipt } from '../domain/delivery/delivery-receipt.ts';
import type { DeliveryReceiptSink } from '../application/delivery/delivery-receipt-sink.port.ts';

interface Waiter {
  readonly count: number;
  readonly resolve: (receipts: readonly DeliveryReceipt[]) => void;
}

/**
 * Keeps every receipt in memory, in arrival order: for tests and for embedding without delivery
 * reports. `failWith` makes `receive` reject, to test how gateways handle a failing sink.
 */
export class RecordingDeliveryReceiptSink implements DeliveryReceiptSink {
  private readonly received: DeliveryReceipt[] = [];
  private readonly waiters: Waiter[] = [];
  private failure: Error | undefined;

  async receive(receipt: DeliveryReceipt): Promise<void> {
    if (this.failure) throw this.failure;
    this.received.push(receipt);
    for (const waiter of this.waiters.filter((w) => this.received.length >= w.count)) {
      this.waiters.splice(this.waiters.indexOf(waiter), 1);
      waiter.resolve(this.receipts);
    }
  }

  get receipts(): readonly DeliveryReceipt[] {
    return [...this.received];
  }

  /** Resolves once `count` receipts in all have arrived; rejects after `timeoutMs`. */
  waitFor(count: number, timeoutMs = 5_000): Promise<readonly DeliveryReceipt[]> {
    if (this.received.length >= count) return Promise.resolve(this.receipts);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiters.splice(this.waiters.indexOf(waiter), 1);
        reject(new Error(`Expected ${count} receipts within ${timeoutMs} ms, got ${this.received.length}`));
      }, timeoutMs);
      const waiter: Waiter = {
        count,
        resolve: (receipts) => {
          clearTimeout(timer);
          resolve(receipts);
        },
      };
      this.waiters.push(waiter);
    });
  }

  /** From now on `receive` rejects with `error`; `undefined` makes it accept again. */
  failWith(error: Error | undefined): void {
    this.failure = error;
  }
}
