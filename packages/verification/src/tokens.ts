import { token } from '@tuma/kernel';
import type { VerifyAppRepository } from './application/apps/verify-app.repository.port.ts';
import type { OtpSender } from './application/verifications/otp-sender.port.ts';
import type { VelocityLimits } from './application/verifications/velocity-limits.port.ts';
import type { VerificationRepository } from './application/verifications/verification.repository.port.ts';
import type { VerificationService } from './create-verification.ts';
import type { VelocityPolicy } from './application/verifications/start-verification.use-case.ts';

export const VERIFICATION_TOKENS = {
  /** Every Verify use case (`createVerification`). */
  verification: token<VerificationService>('verification.Verification'),
  verifications: token<VerificationRepository>('verification.VerificationRepository'),
  apps: token<VerifyAppRepository>('verification.VerifyAppRepository'),
  otpSender: token<OtpSender>('verification.OtpSender'),
  velocityLimits: token<VelocityLimits>('verification.VelocityLimits'),
  pepper: token<() => Uint8Array>('verification.Pepper'),
  velocityPolicy: token<VelocityPolicy>('verification.VelocityPolicy'),
};
