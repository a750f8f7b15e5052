export { InMemoryVerificationRepository } from './in-memory-verification-repository.ts';
export { InMemoryVerifyAppRepository } from './in-memory-verify-app-repository.ts';
export { InMemoryVelocityLimits } from './in-memory-velocity-limits.ts';
