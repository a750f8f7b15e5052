/** In-memory adapters of this package's ports: for unit tests and for apps embedding the core without a database. */
export { InMemoryUserRepository } from './in-memory-user.repository.ts';
export { InMemoryTokenStore } from './in-memory-token.store.ts';
export { InMemorySessionRepository } from './in-memory-session.repository.ts';
export { InMemoryMembershipRepository } from './in-memory-membership.repository.ts';
export { InMemoryMailer } from './in-memory-mailer.ts';
export { InMemoryAccountOpening } from './in-memory-account-opening.ts';
export { FixedTeamLimits } from './fixed-team-limits.ts';
export { InMemoryPasswordHasher } from './in-memory-password-hasher.ts';
export { InMemoryAccessTokens } from './in-memory-access-tokens.ts';
