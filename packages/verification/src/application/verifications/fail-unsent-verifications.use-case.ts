import { ResultAsync, type Clock } from '@tuma/kernel';
import { Verification } from '../../domain/verifications/verification.aggregate.ts';
import type { VerificationRepository } from './verification.repository.port.ts';

/**
 * The verifications whose latest code's SMS never left (its sender died before the carrier's answer
 * was recorded, and messaging's unsent-message guard failed and refunded the message): each still
 * pending fails, as after a carrier's refusal, so that its start's key is free and a retry starts
 * again. Runs in the guard's unit of work (messaging's `UnsentMessageFollowers`).
 */
export class FailUnsentVerifications {
  constructor(
    private readonly verifications: VerificationRepository,
    private readonly clock: Clock,
  ) {}

  /** How many it failed. */
  execute(messageIds: readonly string[]): ResultAsync<number, never> {
    return ResultAsync.fromSafePromise(this.fail(messageIds));
  }

  private async fail(messageIds: readonly string[]): Promise<number> {
    const now = this.clock.now();
    const failed = (await this.verifications.lockByLatestMessage(messageIds)).map((row) => Verification.rehydrate(row)).filter((verification) => verification.statusAt(now) === 'pending');
    for (const verification of failed) verification.fail(now);
    await this.verifications.save(failed.map((verification) => verification.toSnapshot()));
    return failed.length;
  }
}
