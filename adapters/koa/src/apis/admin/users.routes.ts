import type { Identity } from '@tuma/identity';
import { z } from 'zod';
import { alsoUnderV1, defineRoute, json, type RouteDefinition } from '../../http/route.ts';
import { unwrap } from '../../http/unwrap.ts';
import { userSchema, userView } from '../auth/identity-views.ts';

export type AdminUserUseCases = Pick<Identity, 'searchUsers' | 'disableUser' | 'enableUser'>;

const ADMIN = { anyScope: ['admin'] } as const;
const PATH = '/api/admin/users';
const adminUserSchema = userSchema.extend({ status: z.enum(['active', 'disabled']) });
const userParams = z.object({ id: z.string().min(1).max(64) });

/** The operator's user admin (operator key), on the SMS API beside the other admin routes: find users, disable or re-enable one. */
export function adminUserRoutes(useCases: AdminUserUseCases): RouteDefinition[] {
  const statusRoute = (action: 'disable' | 'enable') =>
    defineRoute({
      method: 'post',
      path: `${PATH}/:id/${action}`,
      aliases: alsoUnderV1(`${PATH}/:id/${action}`),
      summary:
        action === 'disable'
          ? 'Disable a user: every session ends at once (access and refresh tokens stop working), and no login, reset or invitation brings them back'
          : 'Let a disabled user sign in again (the sessions ended stay ended)',
      tag: 'Admin',
      access: ADMIN,
      params: userParams,
      responses: { 200: { description: 'The user', schema: z.object({ user: adminUserSchema }) }, 404: { description: 'No such user' } },
      handler: async ({ params }) => {
        const user = unwrap(await (action === 'disable' ? useCases.disableUser : useCases.enableUser).execute(params.id));
        return json(200, { user: { ...userView(user), status: user.status } });
      },
    });
  return [
    defineRoute({
      method: 'get',
      path: PATH,
      aliases: alsoUnderV1(PATH),
      summary: 'Users whose email or name contains the search text (ignoring case), newest first',
      tag: 'Admin',
      access: ADMIN,
      query: z.object({
        search: z.string().max(254).default('').describe('Part of an email address or a name; empty: every user'),
        limit: z.coerce.number().int().min(1).max(100).default(20),
      }),
      responses: { 200: { description: 'The users found', schema: z.object({ users: z.array(adminUserSchema) }) } },
      handler: async ({ query }) => {
        const users = unwrap(await useCases.searchUsers.execute({ text: query.search, limit: query.limit }));
        return json(200, { users: users.map((user) => ({ ...userView(user), status: user.status })) });
      },
    }),
    statusRoute('disable'),
    statusRoute('enable'),
  ];
}
