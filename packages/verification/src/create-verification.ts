import { IdempotentEffects, type IdempotencyKeyStore } from '@tuma/idempotency';
import { jobRoute, type BatchContext, type Clock, type Digests, type JobRoute, type JobScheduler, type UnitOfWork } from '@tuma/kernel';
import { CreateVerifyApp } from './application/apps/create-verify-app.use-case.ts';
import { DeleteVerifyApp } from './application/apps/delete-verify-app.use-case.ts';
import { GetVerifyApp } from './application/apps/get-verify-app.use-case.ts';
import { ListVerifyApps } from './application/apps/list-verify-apps.use-case.ts';
import { UpdateVerifyApp } from './application/apps/update-verify-app.use-case.ts';
import type { VerifyAppRepository } from './application/apps/verify-app.repository.port.ts';
import { CancelVerification } from './application/verifications/cancel-verification.use-case.ts';
import { CheckVerification } from './application/verifications/check-verification.use-case.ts';
import { CodeHasher } from './application/verifications/code-hasher.ts';
import { FailUnsentVerifications } from './application/verifications/fail-unsent-verifications.use-case.ts';
import { EXPIRE_VERIFICATIONS_JOB, ExpireVerifications } from './application/verifications/expire-verifications.ts';
import type { OtpSender } from './application/verifications/otp-sender.port.ts';
import { GetVerification } from './application/verifications/get-verification.use-case.ts';
import { ListVerifications } from './application/verifications/list-verifications.use-case.ts';
import { randomCode } from './application/verifications/random-code.ts';
import { ResendVerification } from './application/verifications/resend-verification.use-case.ts';
import { StartVerification, type VelocityPolicy } from './application/verifications/start-verification.use-case.ts';
import type { VelocityLimits } from './application/verifications/velocity-limits.port.ts';
import type { VerificationRepository } from './application/verifications/verification.repository.port.ts';

export interface VerificationPorts {
  readonly unitOfWork: UnitOfWork;
  readonly clock: Clock;
  readonly jobs: JobScheduler;
  readonly verifications: VerificationRepository;
  readonly apps: VerifyAppRepository;
  /** Sends each code's SMS: messaging's `SendOtpMessage`. */
  readonly otpSender: OtpSender;
  readonly velocityLimits: VelocityLimits;
  /** Where Idempotency-Key answers are kept (a live start keeps its answer with its SMS). */
  readonly idempotencyKeys: IdempotencyKeyStore;
  /** The pepper codes are hashed with (VERIFY_PEPPER or its key file), by `digests`' HMAC. */
  readonly pepper: () => Uint8Array;
  readonly digests: Digests;
  /** Starts per hour per number and per country; DEFAULT_VELOCITY by default. */
  readonly velocity?: VelocityPolicy;
  /** Draws each code; the CSPRNG by default. */
  readonly generateCode?: (length: number) => string;
  /** Runs each batch of writes gathered from concurrent requests (group commit) in a database context of its own. */
  readonly batchContext?: BatchContext;
}

/** Verify (docs/verify.md): every use case, built from its ports. */
export function createVerification(ports: VerificationPorts) {
  const { unitOfWork: uow, clock, verifications, apps, otpSender } = ports;
  const hasher = new CodeHasher(ports.digests, ports.pepper);
  const generateCode = ports.generateCode ?? randomCode;
  const groupCommit = ports.batchContext ? { around: ports.batchContext } : {};
  return {
    startVerification: new StartVerification(apps, verifications, otpSender, ports.velocityLimits, hasher, new IdempotentEffects(ports.idempotencyKeys, clock), uow, clock, {
      ...(ports.velocity ? { velocity: ports.velocity } : {}),
      generateCode,
      groupCommit,
    }),
    checkVerification: new CheckVerification(verifications, hasher, uow, clock, groupCommit),
    resendVerification: new ResendVerification(apps, verifications, otpSender, hasher, uow, clock, generateCode),
    cancelVerification: new CancelVerification(verifications, uow, clock),
    getVerification: new GetVerification(verifications, clock),
    listVerifications: new ListVerifications(verifications, clock),
    createVerifyApp: new CreateVerifyApp(apps, clock),
    listVerifyApps: new ListVerifyApps(apps),
    getVerifyApp: new GetVerifyApp(apps),
    updateVerifyApp: new UpdateVerifyApp(apps, clock),
    deleteVerifyApp: new DeleteVerifyApp(apps),
    expireVerifications: new ExpireVerifications(verifications, ports.jobs, clock),
    failUnsentVerifications: new FailUnsentVerifications(verifications, clock),
  };
}

export type VerificationService = ReturnType<typeof createVerification>;

/** The jobs Verify's workers run. */
export function verificationJobRoutes(verification: VerificationService): readonly JobRoute[] {
  return [jobRoute(EXPIRE_VERIFICATIONS_JOB, () => verification.expireVerifications.run())];
}
