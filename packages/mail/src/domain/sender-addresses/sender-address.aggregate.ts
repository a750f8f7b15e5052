export const SENDER_ADDRESS_STATUSES = ['pending', 'confirmed'] as const;
export type SenderAddressStatus = (typeof SENDER_ADDRESS_STATUSES)[number];

export interface SenderAddressSnapshot {
  readonly id: string;
  readonly accountId: string;
  /** Lower-case. */
  readonly email: string;
  /** The name shown when a send's `from` gives none. */
  readonly name: string | null;
  readonly status: SenderAddressStatus;
  readonly confirmedAt: Date | null;
  readonly createdAt: Date;
}

/**
 * One address an account may send from without a verified domain, once someone reading its
 * mailbox followed the confirmation link (docs/mail.md, "Sender addresses"), as Postmark's sender
 * signatures are.
 */
export class SenderAddress {
  private constructor(private state: SenderAddressSnapshot) {}

  static add(input: { readonly id: string; readonly accountId: string; readonly email: string; readonly name: string | null }, now: Date): SenderAddress {
    return new SenderAddress({ ...input, email: input.email.toLowerCase(), status: 'pending', confirmedAt: null, createdAt: now });
  }

  static rehydrate(snapshot: SenderAddressSnapshot): SenderAddress {
    return new SenderAddress(snapshot);
  }

  get mayBeSentFrom(): boolean {
    return this.state.status === 'confirmed';
  }

  /** Confirming again changes nothing (a link followed twice, a mail scanner and then its reader). */
  confirm(now: Date): void {
    if (this.state.status !== 'confirmed') this.state = { ...this.state, status: 'confirmed', confirmedAt: now };
  }

  toSnapshot(): SenderAddressSnapshot {
    return this.state;
  }
}
