import { atomically, err, notFound, ok, ResultAsync, type Clock, type NotFoundError, type UnitOfWork } from '@tuma/kernel';
import type { SendOtpError, Sender } from '@tuma/messaging';
import { maskedOtpText, renderOtpText } from '../../domain/apps/otp-text.ts';
import { ttlMinutes, VERIFY_APP_DEFAULTS } from '../../domain/apps/verify-app.ts';
import type { ResendError } from '../../domain/verifications/verification-errors.ts';
import { Verification, type VerificationSnapshot } from '../../domain/verifications/verification.aggregate.ts';
import type { VerifyAppRepository } from '../apps/verify-app.repository.port.ts';
import type { CodeHasher } from './code-hasher.ts';
import { randomCode } from './random-code.ts';
import type { OtpSender } from './otp-sender.port.ts';
import type { VerificationRepository } from './verification.repository.port.ts';
import { stateOf, type VerificationState } from './verification-state.ts';

export type ResendVerificationError = NotFoundError | ResendError | SendOtpError;

export interface ResentVerification extends VerificationState {
  readonly sandboxCode: string | null;
}

/**
 * `POST /v1/verify/{id}/resend`: a new code by a new SMS, same verification. The send is claimed
 * under the row's lock first (limits and cooldown), then the SMS goes outside any transaction, and
 * the new code's hash is recorded; a failed SMS still used its send (docs/verify.md, "Resends").
 */
export class ResendVerification {
  constructor(
    private readonly apps: VerifyAppRepository,
    private readonly verifications: VerificationRepository,
    private readonly otp: OtpSender,
    private readonly hasher: CodeHasher,
    private readonly unitOfWork: UnitOfWork,
    private readonly clock: Clock,
    private readonly generateCode: (length: number) => string = randomCode,
  ) {}

  execute(sender: Sender, id: string): ResultAsync<ResentVerification, ResendVerificationError> {
    const scope = { accountId: sender.accountId, environment: sender.environment };
    return this.claim(scope, id).andThen((claimed) => this.sendCode(sender, claimed));
  }

  private claim(scope: { accountId: string; environment: Sender['environment'] }, id: string): ResultAsync<VerificationSnapshot, NotFoundError | ResendError> {
    return atomically(this.unitOfWork, async () => {
      const snapshot = await this.verifications.lock(scope, id);
      if (!snapshot) return err(notFound('verification', id));
      const verification = Verification.rehydrate(snapshot);
      const claimed = verification.claimResend(this.clock.now());
      if (claimed.isErr()) return err(claimed.error);
      await this.verifications.save([verification.toSnapshot()]);
      return ok(verification.toSnapshot());
    });
  }

  private sendCode(sender: Sender, claimed: VerificationSnapshot): ResultAsync<ResentVerification, ResendVerificationError> {
    return ResultAsync.fromSafePromise(this.apps.find(sender.accountId, claimed.appId)).andThen((app) => {
      // An app deleted since the start: the code still goes, in the default wording.
      const { template, brand, codeLength, senderId } = app ?? { ...VERIFY_APP_DEFAULTS, codeLength: VERIFY_APP_DEFAULTS.codeLength };
      const code = this.generateCode(app?.codeLength ?? codeLength);
      const values = { code, brand, minutes: ttlMinutes(claimed.policy.ttlSeconds) };
      return this.otp
        .send({ sender, to: claimed.to, text: renderOtpText(template, values), maskedText: maskedOtpText(template, values), senderId: senderId ?? undefined })
        .andThen((sent) =>
          atomically(this.unitOfWork, async () => {
            const snapshot = await this.verifications.lock(sender, claimed.id);
            const verification = Verification.rehydrate(snapshot!);
            const now = this.clock.now();
            verification.codeResent({ codeHash: this.hasher.hash(claimed.id, code), messageId: sent.messageId, cost: sent.cost }, now);
            await this.verifications.save([verification.toSnapshot()]);
            return ok({ ...stateOf(verification, now), sandboxCode: sender.environment === 'test' ? code : null });
          }),
        );
    });
  }
}
