import { IDEMPOTENCY_TOKENS } from '@tuma/idempotency';
import { KERNEL_TOKENS } from '@tuma/kernel';
import { MESSAGING_TOKENS, type Messaging, type UnsentMessageFollowers } from '@tuma/messaging';
import { verifyAppRoutes, verifyLogPages, verifyPages, verifyRoutes } from '@tuma/koa-adapter';
import { CachingVerifyAppRepository, MikroOrmVelocityLimits, MikroOrmVerificationRepository, MikroOrmVerifyAppRepository, type Database, type DatabaseNotifications } from '@tuma/mikro-orm-adapter';
import { createVerification, VERIFICATION_TOKENS, verificationJobRoutes, type OtpSender, type VerificationService } from '@tuma/verification';
import { ContainerModule, type Container } from 'inversify';
import { bindClass, bindFactory } from '../../bind-class.ts';
import type { ServerConfig } from '../../config.ts';
import { resolve } from '../../resolve.ts';
import { verifyPepper } from '../../server-secrets.ts';
import { SERVER_TOKENS } from '../../tokens.ts';
import type { ServerModule } from '../server-module.ts';

const V = VERIFICATION_TOKENS;
const K = KERNEL_TOKENS;
const S = SERVER_TOKENS;

const bindings = new ContainerModule(({ bind }) => {
  bindClass(bind, V.verifications, MikroOrmVerificationRepository, [S.database]);
  // Starts read their app through a per-process cache every process empties on a change (LISTEN/NOTIFY).
  bind(V.apps).toResolvedValue(
    (database: Database, notifications: DatabaseNotifications) => new CachingVerifyAppRepository(new MikroOrmVerifyAppRepository(database), notifications, database),
    [S.database, S.notifications],
  );
  bindClass(bind, V.velocityLimits, MikroOrmVelocityLimits, [S.database]);
  bind(V.pepper).toResolvedValue((config: ServerConfig) => verifyPepper(config), [S.config]);
  // Codes go out through the SMS core: priced, charged, stored masked and submitted at once.
  bind(V.otpSender).toResolvedValue((messaging: Messaging): OtpSender => ({ send: (input) => messaging.sendOtpMessage.execute(input) }), [MESSAGING_TOKENS.messaging]);
  bind(V.velocityPolicy).toResolvedValue((config: ServerConfig) => ({ perNumberPerHour: config.verify.perNumberPerHour, perCountryPerHour: config.verify.perCountryPerHour }), [S.config]);
  // The SMS core's guard fails the verifications of codes whose senders died (Verify is built over
  // the SMS core: looked up when the guard tells it, not when the SMS core is built).
  bind(MESSAGING_TOKENS.unsentMessageFollowers).toDynamicValue((context): UnsentMessageFollowers => ({
    unsent: async (messageIds) => void (await context.get<VerificationService>(V.verification).failUnsentVerifications.execute(messageIds)),
  }));
  bindFactory(bind, V.verification, createVerification, {
    unitOfWork: K.unitOfWork,
    clock: K.clock,
    jobs: K.jobScheduler,
    verifications: V.verifications,
    apps: V.apps,
    otpSender: V.otpSender,
    velocityLimits: V.velocityLimits,
    idempotencyKeys: IDEMPOTENCY_TOKENS.keyStore,
    pepper: V.pepper,
    digests: K.digests,
    velocity: V.velocityPolicy,
    batchContext: K.batchContext,
  });
});

const verificationOf = (container: Container): VerificationService => resolve(container, V.verification);

function registerJobs(container: Container): void {
  const db = resolve(container, S.database);
  const workers = resolve(container, S.jobs);
  for (const route of verificationJobRoutes(verificationOf(container))) route.register(workers, (attempt) => db.withContext(attempt));
}

/** Verify: one-time passcodes by SMS, Verify Apps, the expiry sweep (docs/verify.md). */
export const verifyServerModule: ServerModule = {
  name: 'verify',
  bindings,
  routes: (container) => {
    const verification = verificationOf(container);
    return [...verifyAppRoutes(verification), ...verifyRoutes(verification)];
  },
  consolePages: (container) => [...verifyPages(verificationOf(container)), ...verifyLogPages(verificationOf(container))],
  jobs: registerJobs,
  onJobsStarted: (container) => verificationOf(container).expireVerifications.scheduleNext(),
};
