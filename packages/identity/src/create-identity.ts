import { GuessThrottle, type Clock, type FailureLog, type UnitOfWork } from '@tuma/kernel';
import type { PasswordHasher } from './application/credentials/password-hasher.port.ts';
import type { MailLinks } from './application/mail/identity-mails.ts';
import type { Mailer } from './application/mail/mailer.port.ts';
import { ChangePassword } from './application/passwords/change-password.use-case.ts';
import { ForgotPassword } from './application/passwords/forgot-password.use-case.ts';
import { ResetPassword } from './application/passwords/reset-password.use-case.ts';
import { ReadMe } from './application/profile/read-me.use-case.ts';
import { UpdateProfile } from './application/profile/update-profile.use-case.ts';
import type { AccountOpening } from './application/registration/account-opening.port.ts';
import { RegisterUser } from './application/registration/register-user.use-case.ts';
import { ResendVerification } from './application/registration/resend-verification.use-case.ts';
import { VerifyEmail } from './application/registration/verify-email.use-case.ts';
import type { AccessTokens } from './application/sessions/access-tokens.port.ts';
import { AuthenticateAccessToken } from './application/sessions/authenticate-access-token.use-case.ts';
import { Login } from './application/sessions/login.use-case.ts';
import { SwitchAccount } from './application/sessions/switch-account.use-case.ts';
import { LogoutAll } from './application/sessions/logout-all.use-case.ts';
import { Logout } from './application/sessions/logout.use-case.ts';
import { RefreshSession } from './application/sessions/refresh-session.use-case.ts';
import { SessionIssuer } from './application/sessions/session-issuer.ts';
import type { SessionRepository } from './application/sessions/session.repository.port.ts';
import { AcceptInvite } from './application/team/accept-invite.use-case.ts';
import { ChangeRole } from './application/team/change-role.use-case.ts';
import { InviteMember } from './application/team/invite-member.use-case.ts';
import { ListTeam } from './application/team/list-team.use-case.ts';
import type { MembershipRepository } from './application/team/membership.repository.port.ts';
import { RemoveMember } from './application/team/remove-member.use-case.ts';
import type { TeamLimits } from './application/team/team-limits.port.ts';
import type { TokenStore } from './application/tokens/token-store.port.ts';
import { DisableUser } from './application/users/disable-user.use-case.ts';
import { EnableUser } from './application/users/enable-user.use-case.ts';
import { SearchUsers } from './application/users/search-users.use-case.ts';
import type { UserRepository } from './application/users/user.repository.port.ts';

export interface IdentityPorts {
  readonly unitOfWork: UnitOfWork;
  readonly clock: Clock;
  readonly users: UserRepository;
  readonly tokens: TokenStore;
  readonly sessions: SessionRepository;
  readonly memberships: MembershipRepository;
  /** Failed sign-ins (the kernel's `GuessThrottle`, scope `login`). */
  readonly failureLog: FailureLog;
  /** `ScryptPasswordHasher` at OWASP parameters. */
  readonly hasher: PasswordHasher;
  /** `JoseAccessTokens` (Ed25519). */
  readonly accessTokens: AccessTokens;
  readonly mailer: Mailer;
  /** Accounts' `CreateAccount` in the registration's unit of work, and `VerifyAccountEmail`. */
  readonly accountOpening: AccountOpening;
  /** The plans' `max_team`. */
  readonly teamLimits: TeamLimits;
  /** The dashboard's address, which mailed links point to. */
  readonly links: MailLinks;
}

/** Users, sessions and teams (docs/accounts.md): every use case, built from its ports. */
export function createIdentity(ports: IdentityPorts) {
  const { unitOfWork: uow, clock, users, tokens, sessions, memberships, hasher, mailer, links } = ports;
  const issuer = new SessionIssuer(sessions, ports.accessTokens);
  const signInThrottle = new GuessThrottle('login', ports.failureLog, clock);
  return {
    registerUser: new RegisterUser(users, memberships, tokens, ports.accountOpening, hasher, mailer, links, uow, clock),
    verifyEmail: new VerifyEmail(users, tokens, ports.accountOpening, uow, clock),
    resendVerification: new ResendVerification(users, tokens, mailer, links, clock),
    login: new Login(users, memberships, signInThrottle, hasher, issuer, clock),
    refreshSession: new RefreshSession(sessions, memberships, issuer, clock),
    logout: new Logout(sessions, clock),
    logoutAll: new LogoutAll(sessions, clock),
    switchAccount: new SwitchAccount(users, memberships, sessions, issuer, clock),
    authenticateAccessToken: new AuthenticateAccessToken(ports.accessTokens, sessions, memberships, clock),
    forgotPassword: new ForgotPassword(users, tokens, mailer, links, clock),
    resetPassword: new ResetPassword(users, tokens, sessions, ports.accountOpening, hasher, signInThrottle, uow, clock),
    changePassword: new ChangePassword(users, sessions, hasher, uow, clock),
    readMe: new ReadMe(users, memberships),
    updateProfile: new UpdateProfile(users, uow, clock),
    listTeam: new ListTeam(memberships, users, clock),
    inviteMember: new InviteMember(memberships, users, tokens, ports.teamLimits, mailer, links, uow, clock),
    acceptInvite: new AcceptInvite(users, memberships, tokens, ports.teamLimits, hasher, uow, clock),
    removeMember: new RemoveMember(memberships, sessions, uow, clock),
    changeRole: new ChangeRole(memberships, uow, clock),
    disableUser: new DisableUser(users, sessions, uow, clock),
    enableUser: new EnableUser(users, uow, clock),
    searchUsers: new SearchUsers(users),
  };
}

export type Identity = ReturnType<typeof createIdentity>;
