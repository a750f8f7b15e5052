import { INVITABLE_ROLES, ROLES, type AcceptedInvite, type InviteSnapshot, type MembershipSnapshot, type Team, type TeamMember } from '@tuma/identity';
import { z } from 'zod';
import { userSchema, userView } from './identity-views.ts';

export const memberSchema = z.object({
  user_id: z.string().describe('usr_...'),
  email: z.string(),
  name: z.string().nullable(),
  role: z.enum(ROLES),
  email_verified: z.boolean(),
  joined_at: z.string(),
});

export const inviteSchema = z.object({
  id: z.string().describe('inv_...'),
  email: z.string(),
  role: z.enum(INVITABLE_ROLES),
  invited_by: z.string().describe('The user who invited (usr_...)'),
  created_at: z.string(),
  expires_at: z.string().describe('7 days after the invitation'),
});

export const teamSchema = z.object({
  members: z.array(memberSchema).describe('Oldest first'),
  invites: z.array(inviteSchema).describe('Pending (not expired, not accepted), oldest first'),
});

export const membershipSchema = z.object({ account_id: z.string(), user_id: z.string(), role: z.enum(ROLES), updated_at: z.string() });

export const acceptedSchema = z.object({ user: userSchema, account_id: z.string(), role: z.enum(ROLES) });

const memberView = (member: TeamMember): z.infer<typeof memberSchema> => ({
  user_id: member.userId,
  email: member.email,
  name: member.name,
  role: member.role,
  email_verified: member.emailVerified,
  joined_at: member.joinedAt.toISOString(),
});

export const inviteView = (invite: InviteSnapshot): z.infer<typeof inviteSchema> => ({
  id: invite.id,
  email: invite.email,
  role: invite.role,
  invited_by: invite.invitedBy,
  created_at: invite.createdAt.toISOString(),
  expires_at: invite.expiresAt.toISOString(),
});

export const teamView = (team: Team): z.infer<typeof teamSchema> => ({ members: team.members.map(memberView), invites: team.invites.map(inviteView) });

export const membershipView = (membership: MembershipSnapshot): z.infer<typeof membershipSchema> => ({
  account_id: membership.accountId,
  user_id: membership.userId,
  role: membership.role,
  updated_at: membership.updatedAt.toISOString(),
});

export const acceptedView = (accepted: AcceptedInvite): z.infer<typeof acceptedSchema> => ({ user: userView(accepted.user), account_id: accepted.accountId, role: accepted.role });
