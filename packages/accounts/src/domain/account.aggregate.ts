import { newId, type CurrencyCode } from '@tuma/kernel';
import type { Email } from './email.value-object.ts';

export type AccountStatus = 'active' | 'suspended';

export interface AccountSnapshot {
  readonly id: string;
  readonly email: string;
  readonly status: AccountStatus;
  readonly isAdmin: boolean;
  readonly walletCurrency: CurrencyCode;
  readonly createdAt: Date;
  readonly updatedAt: Date;
}

/** A customer (or operator) of the platform: owns keys, a wallet and everything sent with them. */
export class Account {
  private constructor(private state: AccountSnapshot) {}

  static open(input: { email: Email; walletCurrency: CurrencyCode; isAdmin?: boolean }, now: Date): Account {
    return new Account({
      id: newId('acc', now),
      email: input.email.value,
      status: 'active',
      isAdmin: input.isAdmin ?? false,
      walletCurrency: input.walletCurrency,
      createdAt: now,
      updatedAt: now,
    });
  }

  static rehydrate(snapshot: AccountSnapshot): Account {
    return new Account({ ...snapshot });
  }

  get id(): string {
    return this.state.id;
  }

  get email(): string {
    return this.state.email;
  }

  get status(): AccountStatus {
    return this.state.status;
  }

  get isAdmin(): boolean {
    return this.state.isAdmin;
  }

  get walletCurrency(): CurrencyCode {
    return this.state.walletCurrency;
  }

  get isSuspended(): boolean {
    return this.state.status === 'suspended';
  }

  /** Suspending a suspended account (or reactivating an active one) changes nothing. */
  changeStatus(status: AccountStatus, now: Date): void {
    if (status === this.state.status) return;
    this.state = { ...this.state, status, updatedAt: now };
  }

  toSnapshot(): AccountSnapshot {
    return { ...this.state };
  }
}
