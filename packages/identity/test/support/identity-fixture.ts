import { FakeClock, ImmediateUnitOfWork, InMemoryFailureLog } from '@tuma/kernel/testing';
import { createIdentity } from '../../src/index.ts';
import {
  FixedTeamLimits,
  InMemoryAccessTokens,
  InMemoryAccountOpening,
  InMemoryMailer,
  InMemoryMembershipRepository,
  InMemoryPasswordHasher,
  InMemorySessionRepository,
  InMemoryTokenStore,
  InMemoryUserRepository,
} from '../../src/testing/index.ts';

export const PASSWORD = 'correct horse battery';

/** Every identity use case on in-memory ports (the fake hasher and access tokens too: the real ones are `@tuma/identity-adapter`'s, tested there) and a fake clock. */
export async function identityFixture() {
  const clock = new FakeClock('2026-06-01T09:00:00Z');
  const ports = {
    unitOfWork: new ImmediateUnitOfWork(),
    clock,
    users: new InMemoryUserRepository(),
    tokens: new InMemoryTokenStore(),
    sessions: new InMemorySessionRepository(),
    memberships: new InMemoryMembershipRepository(),
    failureLog: new InMemoryFailureLog(),
    hasher: new InMemoryPasswordHasher(),
    accessTokens: new InMemoryAccessTokens(),
    mailer: new InMemoryMailer(),
    accountOpening: new InMemoryAccountOpening(),
    teamLimits: new FixedTeamLimits(),
    links: { appUrl: 'https://app.tuma.test/' },
  };
  const identity = createIdentity(ports);

  /** The token in the last link mailed to `to`. */
  const mailedToken = (to: string): string => {
    const text = ports.mailer.lastTo(to)?.text ?? '';
    const token = /\?token=([A-Za-z0-9]+)/.exec(text)?.[1];
    if (!token) throw new Error(`No link mailed to ${to}`);
    return token;
  };

  /** A registered user (verified unless asked otherwise) with their account. */
  const register = async (email: string, options: { verified?: boolean } = {}) => {
    const registration = (await identity.registerUser.execute({ email, password: PASSWORD, name: 'Amina', ip: '203.0.113.1' }))._unsafeUnwrap();
    if (options.verified ?? true) (await identity.verifyEmail.execute(mailedToken(email)))._unsafeUnwrap();
    return { userId: registration.user.id, accountId: registration.account.id };
  };

  const login = (email: string, ip = '203.0.113.7', password = PASSWORD) => identity.login.execute({ email, password, ip });

  return { clock, ports, identity, mailedToken, register, login };
}

export type IdentityFixture = Awaited<ReturnType<typeof identityFixture>>;
