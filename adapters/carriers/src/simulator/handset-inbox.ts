/**
 * What the handsets behind one simulator received: the last messages it accepted, in the clear
 * text they were submitted with, so a test harness can read what a phone would show (a one-time
 * code that every store of ours keeps masked). In memory, per gateway and process; the oldest are
 * dropped beyond the capacity. docs/carriers.md, "Handset inbox".
 */

/** One accepted submission as the phone would receive it. */
export interface HandsetMessage {
  /** Our message id (`msg_...`). */
  readonly messageId: string;
  readonly from: string;
  /** E.164. */
  readonly to: string;
  /** The whole text, exactly as submitted. */
  readonly text: string;
  /** How many SMS parts carried it. */
  readonly parts: number;
  /** The name of the gateway that took it. */
  readonly gateway: string;
  /** When the gateway took it, by its clock. */
  readonly receivedAt: Date;
}

/** Which messages to read: one number's, or every number's; newest first, at most `limit`. */
export interface HandsetQuery {
  readonly to?: string;
  readonly limit: number;
}

export class HandsetInbox {
  /** Oldest first. */
  private readonly messages: HandsetMessage[] = [];

  constructor(readonly capacity: number) {
    if (!Number.isInteger(capacity) || capacity < 1) throw new RangeError(`An inbox holds at least one message, got ${capacity}`);
  }

  get size(): number {
    return this.messages.length;
  }

  record(message: HandsetMessage): void {
    this.messages.push(message);
    if (this.messages.length > this.capacity) this.messages.shift();
  }

  received({ to, limit }: HandsetQuery): HandsetMessage[] {
    const found: HandsetMessage[] = [];
    for (let i = this.messages.length - 1; i >= 0 && found.length < limit; i--) {
      const message = this.messages[i]!;
      if (to === undefined || message.to === to) found.push(message);
    }
    return found;
  }
}
