import { token } from '@tuma/kernel';
import type { PasswordHasher } from './application/credentials/password-hasher.port.ts';
import type { MailLinks } from './application/mail/identity-mails.ts';
import type { Mailer } from './application/mail/mailer.port.ts';
import type { AccountOpening } from './application/registration/account-opening.port.ts';
import type { AccessTokens } from './application/sessions/access-tokens.port.ts';
import type { SessionRepository } from './application/sessions/session.repository.port.ts';
import type { MembershipRepository } from './application/team/membership.repository.port.ts';
import type { TeamLimits } from './application/team/team-limits.port.ts';
import type { TokenStore } from './application/tokens/token-store.port.ts';
import type { UserRepository } from './application/users/user.repository.port.ts';
import type { Identity } from './create-identity.ts';

export const IDENTITY_TOKENS = {
  /** Every identity use case (`createIdentity`). */
  identity: token<Identity>('identity.Identity'),
  users: token<UserRepository>('identity.UserRepository'),
  tokens: token<TokenStore>('identity.TokenStore'),
  sessions: token<SessionRepository>('identity.SessionRepository'),
  memberships: token<MembershipRepository>('identity.MembershipRepository'),
  hasher: token<PasswordHasher>('identity.PasswordHasher'),
  accessTokens: token<AccessTokens>('identity.AccessTokens'),
  mailer: token<Mailer>('identity.Mailer'),
  accountOpening: token<AccountOpening>('identity.AccountOpening'),
  teamLimits: token<TeamLimits>('identity.TeamLimits'),
  links: token<MailLinks>('identity.MailLinks'),
};
