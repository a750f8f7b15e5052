import { INVITABLE_ROLES, ROLES, type Identity } from '@tuma/identity';
import { z } from 'zod';
import { defineRoute, json, noContent, type RouteDefinition } from '../../http/route.ts';
import { unwrap } from '../../http/unwrap.ts';
import { acceptedSchema, acceptedView, inviteSchema, inviteView, membershipSchema, membershipView, teamSchema, teamView } from './team-views.ts';

export type TeamUseCases = Pick<Identity, 'listTeam' | 'inviteMember' | 'acceptInvite' | 'removeMember' | 'changeRole'>;

const TAG = 'Team';
const SIGNED_IN = { session: true } as const;
const memberParams = z.object({ user_id: z.string().min(1).max(64) });

const FORBIDDEN = {
  description: 'insufficient_role: owners and admins manage the team (an owner alone touches owners); own_role: nobody changes their own role',
  errorCodes: ['insufficient_role', 'own_role'],
  errorFields: { required: z.array(z.enum(ROLES)).optional() },
};
const LAST_OWNER = { description: 'last_owner: the account would be left without an owner', errorCodes: ['last_owner'] };
const TEAM_FULL = {
  description: "plan_limit_reached: the plans' max_team is reached (members and pending invites count): subscribe to a higher tier",
  errorCodes: ['plan_limit_reached'],
  errorFields: { limit: z.int(), resource: z.string() },
};
const NO_MEMBER = { description: 'Not a member of this team' };

/** The team of the session's account (docs/accounts.md, "Teams"): members, invitations and roles. */
export function teamRoutes(useCases: TeamUseCases): RouteDefinition[] {
  return [
    defineRoute({
      method: 'get',
      path: '/v1/team',
      summary: "The account's members and pending invitations (any role)",
      tag: TAG,
      access: SIGNED_IN,
      responses: { 200: { description: 'The team', schema: teamSchema } },
      handler: async ({ member }) => json(200, teamView(unwrap(await useCases.listTeam.execute(member)))),
    }),
    defineRoute({
      method: 'post',
      path: '/v1/team/invites',
      summary: 'Invite an address to the team (owners and admins): a link valid 7 days is mailed; inviting it again replaces the pending invite',
      tag: TAG,
      access: SIGNED_IN,
      body: z.object({ email: z.string().min(1).max(254), role: z.enum(INVITABLE_ROLES) }),
      responses: {
        201: { description: 'Invited', schema: z.object({ invite: inviteSchema }) },
        402: TEAM_FULL,
        403: FORBIDDEN,
        409: { description: 'conflict: the address is a member already', errorCodes: ['conflict'] },
      },
      handler: async ({ member, body }) => json(201, { invite: inviteView(unwrap(await useCases.inviteMember.execute(member, body))) }),
    }),
    defineRoute({
      method: 'post',
      path: '/v1/team/invites/accept',
      summary: "Join the team with the mailed token; an address without a user becomes one (password needed, the address counts as verified)",
      tag: TAG,
      access: { public: true },
      body: z.object({
        token: z.string().min(1).max(200),
        password: z.string().min(1).max(1024).optional().describe('Only for an address without a user: 10 to 128 characters, not a common password'),
        name: z.string().max(1000).optional(),
      }),
      responses: {
        200: { description: 'Joined: sign in to use the account', schema: acceptedSchema },
        400: { description: 'invalid_token: unknown, used or expired invitation', errorCodes: ['invalid_token'], errorFields: { purpose: z.string() } },
        402: TEAM_FULL,
        403: { description: 'user_disabled', errorCodes: ['user_disabled'] },
      },
      handler: async ({ body }) => json(200, acceptedView(unwrap(await useCases.acceptInvite.execute(body)))),
    }),
    defineRoute({
      method: 'delete',
      path: '/v1/team/members/:user_id',
      summary: 'Remove a member (owners and admins; an owner alone removes an owner), or leave the team (your own id); their sessions on this account end',
      tag: TAG,
      access: SIGNED_IN,
      params: memberParams,
      responses: { 204: { description: 'Removed' }, 403: FORBIDDEN, 404: NO_MEMBER, 409: LAST_OWNER },
      handler: async ({ member, params }) => {
        unwrap(await useCases.removeMember.execute(member, params.user_id));
        return noContent();
      },
    }),
    defineRoute({
      method: 'patch',
      path: '/v1/team/members/:user_id',
      summary: "Change a member's role (owners and admins; an owner alone makes or demotes an owner); it applies at the member's next request",
      tag: TAG,
      access: SIGNED_IN,
      params: memberParams,
      body: z.object({ role: z.enum(ROLES) }),
      responses: { 200: { description: 'The membership as changed', schema: z.object({ member: membershipSchema }) }, 403: FORBIDDEN, 404: NO_MEMBER, 409: LAST_OWNER },
      handler: async ({ member, params, body }) => json(200, { member: membershipView(unwrap(await useCases.changeRole.execute(member, params.user_id, body.role))) }),
    }),
  ];
}
