import { newId, type CurrencyCode } from '@tuma/kernel';
import type { Email } from './email.value-object.ts';

export type AccountStatus = 'active' | 'suspended';

export interface AccountSnapshot {
  readonly id: string;
  readonly email: string;
  readonly status: AccountStatus;
  readonly isAdmin: boolean;
  readonly walletCurrency: CurrencyCode;
  /**
   * When the account's email was proved: at opening for the operator's accounts, at the owner's
   * verification for a registration's. Live traffic waits for it (docs/accounts.md).
   */
  readonly emailVerifiedAt: Date | null;
  readonly createdAt: Date;
  readonly updatedAt: Date;
}

/** A customer (or operator) of the platform: owns keys, a wallet and everything sent with them. */
export class Account {
  private constructor(private state: AccountSnapshot) {}

  /** `emailVerified: false` for a registration's account; the operator's are verified (the operator knows the address). */
  static open(input: { email: Email; walletCurrency: CurrencyCode; isAdmin?: boolean; emailVerified?: boolean }, now: Date): Account {
    return new Account({
      id: newId('acc', now),
      email: input.email.value,
      status: 'active',
      isAdmin: input.isAdmin ?? false,
      walletCurrency: input.walletCurrency,
      emailVerifiedAt: input.emailVerified === false ? null : now,
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

  get isEmailVerified(): boolean {
    return this.state.emailVerifiedAt !== null;
  }

  /** The first verification counts; a later one changes nothing (and answers false). */
  verifyEmail(now: Date): boolean {
    if (this.state.emailVerifiedAt) return false;
    this.state = { ...this.state, emailVerifiedAt: now, updatedAt: now };
    return true;
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
