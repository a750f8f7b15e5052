import type { Verification, VerificationSnapshot } from '../../domain/verifications/verification.aggregate.ts';
import type { VerificationStatus } from '../../domain/verifications/verification-status.ts';

/** A verification as a caller sees it at one moment: its status as of then (a passed expiry shows). */
export interface VerificationState {
  readonly verification: VerificationSnapshot;
  readonly status: VerificationStatus;
  readonly attemptsLeft: number;
  readonly sendsLeft: number;
}

export const stateOf = (verification: Verification, now: Date): VerificationState => ({
  verification: verification.toSnapshot(),
  status: verification.statusAt(now),
  attemptsLeft: verification.attemptsLeft(),
  sendsLeft: verification.sendsLeft(),
});
