import type { Account } from '@tuma/accounts';
import type { Identity } from '@tuma/identity';
import type { CurrentLimits } from '@tuma/subscriptions';
import { z } from 'zod';
import { defineRoute, json, noContent, type RouteDefinition } from '../../http/route.ts';
import { unwrap } from '../../http/unwrap.ts';
import { meSchema, meView, userSchema, userView } from './identity-views.ts';

export interface ProfileUseCases extends Pick<Identity, 'readMe' | 'updateProfile' | 'changePassword'> {
  /** The account a session is on, for `GET /v1/me` (accounts' own record). */
  readonly readAccount: (accountId: string) => Promise<Account | undefined>;
  /** The account's plans in force now. */
  readonly currentLimits: Pick<CurrentLimits, 'execute'>;
}

const TAG = 'Users';
const SIGNED_IN = { session: true } as const;

/** The signed-in user: who they are and where, their profile, their password. */
export function profileRoutes(useCases: ProfileUseCases): RouteDefinition[] {
  return [
    defineRoute({
      method: 'get',
      path: '/v1/me',
      summary: 'The signed-in user, the account of the session, their role in it and its plans',
      tag: TAG,
      access: SIGNED_IN,
      responses: { 200: { description: 'The user', schema: meSchema } },
      handler: async ({ member }) => {
        const me = unwrap(await useCases.readMe.execute(member));
        const [account, mail, links] = await Promise.all([
          useCases.readAccount(member.accountId),
          useCases.currentLimits.execute(member.accountId, 'mail'),
          useCases.currentLimits.execute(member.accountId, 'links'),
        ]);
        if (!account) throw new Error(`Account ${member.accountId} of a live session is missing`);
        return json(200, meView(me, account, { mail: unwrap(mail), links: unwrap(links) }));
      },
    }),
    defineRoute({
      method: 'patch',
      path: '/v1/me',
      summary: 'Change the name or company (a field left out stays; null or "" clears it)',
      tag: TAG,
      access: SIGNED_IN,
      body: z.object({ name: z.string().max(1000).nullable().optional(), company: z.string().max(1000).nullable().optional() }),
      responses: { 200: { description: 'The user as changed', schema: z.object({ user: userSchema }) } },
      handler: async ({ member, body }) => json(200, { user: userView(unwrap(await useCases.updateProfile.execute(member.userId, body))) }),
    }),
    defineRoute({
      method: 'post',
      path: '/v1/password/change',
      summary: "Change the password, giving the current one: the user's other sessions end, this one stays",
      tag: TAG,
      access: SIGNED_IN,
      body: z.object({ current_password: z.string().min(1).max(1024), new_password: z.string().min(1).max(1024).describe('10 to 128 characters; not a commonly used password, nor the email address') }),
      responses: { 204: { description: 'Changed' }, 422: { description: 'current_password is not the current one, or new_password is refused (details say which)' } },
      handler: async ({ member, body }) => {
        unwrap(await useCases.changePassword.execute({ userId: member.userId, sessionId: member.sessionId, currentPassword: body.current_password, newPassword: body.new_password }));
        return noContent();
      },
    }),
  ];
}
