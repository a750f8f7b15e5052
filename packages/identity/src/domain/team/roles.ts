/** A member's role in one account: owners and admins manage the team, developers use the API, viewers read. */
export const ROLES = ['owner', 'admin', 'developer', 'viewer'] as const;
export type Role = (typeof ROLES)[number];

/** What an invite may grant; ownership is given by an owner's role change, never by a mailed link. */
export const INVITABLE_ROLES = ['admin', 'developer', 'viewer'] as const;
export type InvitableRole = (typeof INVITABLE_ROLES)[number];

export const MANAGER_ROLES: readonly Role[] = ['owner', 'admin'];

export const canManageTeam = (role: Role): boolean => MANAGER_ROLES.includes(role);

export const isRole = (value: unknown): value is Role => (ROLES as readonly unknown[]).includes(value);

export const isInvitableRole = (value: unknown): value is InvitableRole => (INVITABLE_ROLES as readonly unknown[]).includes(value);
