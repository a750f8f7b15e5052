import type { Identity } from '@tuma/identity';
import { z } from 'zod';
import { clientAddress } from '../../http/rate-limit.ts';
import { defineRoute, json, noContent, type RouteDefinition } from '../../http/route.ts';
import { unwrap } from '../../http/unwrap.ts';
import { rateLimitedResponse, tokensSchema, tokensView, userSchema, userView } from './identity-views.ts';

export type SessionUseCases = Pick<Identity, 'login' | 'refreshSession' | 'logout' | 'logoutAll'>;

const TAG = 'Users';
const refreshBody = z.object({ refresh_token: z.string().min(1).max(200) });

/** Sign-in sessions: a login's access and refresh tokens, their rotation, and their end (docs/accounts.md, "Login and sessions"). */
export function sessionRoutes(useCases: SessionUseCases, options: { readonly trustedProxyHops: number }): RouteDefinition[] {
  return [
    defineRoute({
      method: 'post',
      path: '/v1/login',
      summary: "Sign in: an access token (JWT, 15 minutes) and a refresh token on the user's first account",
      tag: TAG,
      access: { public: true },
      body: z.object({ email: z.string().min(1).max(254), password: z.string().min(1).max(1024) }),
      responses: {
        200: { description: 'Signed in', schema: tokensSchema.extend({ user: userSchema }) },
        401: { description: 'invalid_credentials: a wrong password and an unknown address alike', errorCodes: ['invalid_credentials'] },
        403: { description: 'user_disabled (after the right password), or no_membership: the user belongs to no account', errorCodes: ['user_disabled', 'no_membership'] },
        429: rateLimitedResponse(
          'failed sign-ins from this client address at this email (5 free, then waits that double up to 15 minutes), past 50 a day at this email from an address that failed at it, or past 100 an hour from this client address (waits up to a minute); or too many of its sign-ins waiting to be checked',
        ),
      },
      handler: async ({ body, koa }) => {
        const loggedIn = unwrap(await useCases.login.execute({ ...body, ip: clientAddress(koa, options.trustedProxyHops) }));
        return json(200, { ...tokensView(loggedIn), user: userView(loggedIn.user) });
      },
    }),
    defineRoute({
      method: 'post',
      path: '/v1/token/refresh',
      summary: 'The next refresh token and a new access token; a refresh token used twice ends its session (the newer token too)',
      tag: TAG,
      access: { public: true },
      body: refreshBody,
      responses: {
        200: { description: 'Rotated: keep the new refresh token, the old one is spent', schema: tokensSchema },
        401: { description: 'invalid_refresh_token: unknown, expired, already used (its session is then ended) or of an ended session', errorCodes: ['invalid_refresh_token'] },
      },
      handler: async ({ body }) => json(200, tokensView(unwrap(await useCases.refreshSession.execute(body.refresh_token)))),
    }),
    defineRoute({
      method: 'post',
      path: '/v1/logout',
      summary: 'End the session of this refresh token (its access tokens stop working too); an unknown token changes nothing',
      tag: TAG,
      access: { public: true },
      body: refreshBody,
      responses: { 204: { description: 'Signed out' } },
      handler: async ({ body }) => {
        unwrap(await useCases.logout.execute(body.refresh_token));
        return noContent();
      },
    }),
    defineRoute({
      method: 'post',
      path: '/v1/logout-all',
      summary: 'End every session of the signed-in user, this one included',
      tag: TAG,
      access: { session: true },
      responses: { 200: { description: 'Signed out everywhere', schema: z.object({ sessions_ended: z.int() }) } },
      handler: async ({ member }) => json(200, { sessions_ended: unwrap(await useCases.logoutAll.execute(member.userId)) }),
    }),
  ];
}
