import { newId } from '@tuma/kernel';
import type { Email } from '@tuma/accounts';
import type { Profile } from './profile.ts';

export type UserStatus = 'active' | 'disabled';

export interface UserSnapshot {
  readonly id: string;
  /** Normalised as accounts' `Email` does (trimmed, lower case): one user per mailbox. */
  readonly email: string;
  readonly name: string | null;
  readonly company: string | null;
  /** Self-describing (`scrypt$N$r$p$salt$hash`): the hasher reads its parameters back from it. */
  readonly passwordHash: string;
  readonly emailVerifiedAt: Date | null;
  readonly status: UserStatus;
  readonly createdAt: Date;
  readonly updatedAt: Date;
}

/** A person who signs in to the dashboard; what they may do lives in their memberships of accounts. */
export class User {
  private constructor(private state: UserSnapshot) {}

  static register(input: { email: Email; passwordHash: string; profile: Profile; emailVerified?: boolean }, now: Date): User {
    return new User({
      id: newId('usr', now),
      email: input.email.value,
      name: input.profile.name ?? null,
      company: input.profile.company ?? null,
      passwordHash: input.passwordHash,
      emailVerifiedAt: input.emailVerified ? now : null,
      status: 'active',
      createdAt: now,
      updatedAt: now,
    });
  }

  static rehydrate(snapshot: UserSnapshot): User {
    return new User({ ...snapshot });
  }

  get id(): string {
    return this.state.id;
  }

  get email(): string {
    return this.state.email;
  }

  get passwordHash(): string {
    return this.state.passwordHash;
  }

  get isDisabled(): boolean {
    return this.state.status === 'disabled';
  }

  get isEmailVerified(): boolean {
    return this.state.emailVerifiedAt !== null;
  }

  /** Verifying twice keeps the first time. */
  verifyEmail(now: Date): void {
    if (this.state.emailVerifiedAt) return;
    this.state = { ...this.state, emailVerifiedAt: now, updatedAt: now };
  }

  changePassword(passwordHash: string, now: Date): void {
    this.state = { ...this.state, passwordHash, updatedAt: now };
  }

  /** Fields left out stay as they are; `null` clears one. */
  updateProfile(profile: Profile, now: Date): void {
    this.state = {
      ...this.state,
      name: profile.name === undefined ? this.state.name : profile.name,
      company: profile.company === undefined ? this.state.company : profile.company,
      updatedAt: now,
    };
  }

  disable(now: Date): void {
    if (this.isDisabled) return;
    this.state = { ...this.state, status: 'disabled', updatedAt: now };
  }

  /** Lets a disabled user sign in again; the sessions the disabling ended stay ended. */
  enable(now: Date): void {
    if (!this.isDisabled) return;
    this.state = { ...this.state, status: 'active', updatedAt: now };
  }

  toSnapshot(): UserSnapshot {
    return { ...this.state };
  }
}
