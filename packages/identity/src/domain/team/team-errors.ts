import type { DomainError } from '@tuma/kernel';
import type { Role } from './roles.ts';

/** The acting member's role does not allow the change. */
export interface InsufficientRoleError extends DomainError {
  readonly type: 'insufficient_role';
  readonly required: readonly Role[];
}

/** The change would leave the account without an owner. */
export interface LastOwnerError extends DomainError {
  readonly type: 'last_owner';
}

/** A member changing their own role (an owner handing over ownership promotes the other first). */
export interface OwnRoleError extends DomainError {
  readonly type: 'own_role';
}

/** The account's plan caps its team (`max_team`). */
export interface PlanLimitReachedError extends DomainError {
  readonly type: 'plan_limit_reached';
  readonly limit: number;
  readonly resource: 'team_members';
}

export type TeamRuleError = InsufficientRoleError | LastOwnerError | OwnRoleError;

export const insufficientRole = (required: readonly Role[]): InsufficientRoleError => ({
  type: 'insufficient_role',
  required,
  message: `Only a member with the role ${required.join(' or ')} may do this`,
});

export const lastOwner = (): LastOwnerError => ({
  type: 'last_owner',
  message: 'An account keeps at least one owner: make another member owner first',
});

export const ownRole = (): OwnRoleError => ({ type: 'own_role', message: 'Members cannot change their own role' });

export const teamLimitReached = (limit: number): PlanLimitReachedError => ({
  type: 'plan_limit_reached',
  limit,
  resource: 'team_members',
  message: `The plan allows ${limit} team members (invites pending count): upgrade the plan or remove a member`,
});
