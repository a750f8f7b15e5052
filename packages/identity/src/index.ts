export { User, type UserSnapshot, type UserStatus } from './domain/users/user.aggregate.ts';
export { checkProfile, PROFILE_FIELD_MAX, type Profile } from './domain/users/profile.ts';
export {
  type InvalidCredentialsError,
  type InvalidRefreshTokenError,
  type InvalidTokenError,
  type LoginThrottledError,
  type NoMembershipError,
  type UserDisabledError,
} from './domain/users/identity-errors.ts';
export { checkNewPassword, isCommonPassword, PASSWORD_LENGTH } from './domain/credentials/password-policy.ts';
export { TOKEN_LIFETIME_MS, type OneTimeToken, type TokenPurpose } from './domain/tokens/one-time-token.ts';
export { isLive, SESSION_POLICY, type SessionEndReason, type SessionSnapshot } from './domain/sessions/session.ts';
export { canManageTeam, INVITABLE_ROLES, isInvitableRole, isRole, ROLES, type InvitableRole, type Role } from './domain/team/roles.ts';
export type { MembershipSnapshot } from './domain/team/membership.ts';
export type { InviteSnapshot } from './domain/team/invite.ts';
export { insufficientRole, type InsufficientRoleError, type LastOwnerError, type OwnRoleError, type PlanLimitReachedError, type TeamRuleError } from './domain/team/team-errors.ts';
export { checkRemoval, checkRoleChange } from './domain/team/team-rules.ts';

export type { UserRepository } from './application/users/user.repository.port.ts';
export type { TokenStore } from './application/tokens/token-store.port.ts';
export type { SessionByToken, SessionOwner, SessionRepository } from './application/sessions/session.repository.port.ts';
export type { MembershipRepository } from './application/team/membership.repository.port.ts';
export { hashingPool } from './application/credentials/hashing-pool.ts';
export type { PasswordHasher } from './application/credentials/password-hasher.port.ts';
export type { AccessTokenClaims, AccessTokens, IssuedAccessToken } from './application/sessions/access-tokens.port.ts';
export type { Mailer, MailMessage } from './application/mail/mailer.port.ts';
export type { MailLinks } from './application/mail/identity-mails.ts';
export type { AccountOpening, OpenedAccount } from './application/registration/account-opening.port.ts';
export type { TeamLimits } from './application/team/team-limits.port.ts';

export type { UserView } from './application/users/user-view.ts';
export type { Actor } from './application/team/actor.ts';
export type { IssuedSession } from './application/sessions/session-issuer.ts';

export { RegisterUser, type Registration, type RegisterUserInput } from './application/registration/register-user.use-case.ts';
export { VerifyEmail } from './application/registration/verify-email.use-case.ts';
export { ResendVerification } from './application/registration/resend-verification.use-case.ts';
export { Login, type LoggedIn, type LoginError, type LoginInput } from './application/sessions/login.use-case.ts';
export { RefreshSession } from './application/sessions/refresh-session.use-case.ts';
export { Logout } from './application/sessions/logout.use-case.ts';
export { LogoutAll } from './application/sessions/logout-all.use-case.ts';
export { SwitchAccount, type SwitchAccountError, type SwitchAccountInput } from './application/sessions/switch-account.use-case.ts';
export { AuthenticateAccessToken, type Member } from './application/sessions/authenticate-access-token.use-case.ts';
export { ForgotPassword } from './application/passwords/forgot-password.use-case.ts';
export { ResetPassword, type ResetPasswordError, type ResetPasswordInput } from './application/passwords/reset-password.use-case.ts';
export { ChangePassword, type ChangePasswordInput } from './application/passwords/change-password.use-case.ts';
export { ReadMe, type Me } from './application/profile/read-me.use-case.ts';
export { UpdateProfile } from './application/profile/update-profile.use-case.ts';
export { ListTeam, type Team, type TeamMember } from './application/team/list-team.use-case.ts';
export { InviteMember, type InviteMemberError, type InviteMemberInput } from './application/team/invite-member.use-case.ts';
export { AcceptInvite, type AcceptedInvite, type AcceptInviteError, type AcceptInviteInput } from './application/team/accept-invite.use-case.ts';
export { RemoveMember } from './application/team/remove-member.use-case.ts';
export { ChangeRole } from './application/team/change-role.use-case.ts';
export { DisableUser } from './application/users/disable-user.use-case.ts';
export { EnableUser } from './application/users/enable-user.use-case.ts';
export { SearchUsers } from './application/users/search-users.use-case.ts';

export { createIdentity, type Identity, type IdentityPorts } from './create-identity.ts';
export { IDENTITY_TOKENS } from './tokens.ts';
