import { expect } from 'chai';
import type { Principal } from '@tuma/accounts';
import type { Member } from '@tuma/identity';
import { defineRoute, json, type Caller, type RouteDefinition } from '../src/index.ts';

/** True iff X and Y are the same type (not merely assignable). */
type Same<X, Y> = (<T>() => T extends X ? 1 : 2) extends <T>() => T extends Y ? 1 : 2 ? true : false;

describe('defineRoute: the handler principal, member and caller follow the access', () => {
  // The law is checked by the type checker (`npm run typecheck`): each `true` below only compiles if the types match.
  const routes: RouteDefinition[] = [
    defineRoute({
      method: 'get',
      path: '/keyed',
      summary: 'keyed',
      tag: 'Test',
      access: { anyScope: ['send'] },
      responses: {},
      handler: async ({ principal }) => {
        const keyed: Same<typeof principal, Principal> = true;
        return json(200, { keyed, account: principal.account.id });
      },
    }),
    defineRoute({
      method: 'get',
      path: '/live',
      summary: 'live keys only',
      tag: 'Test',
      access: { anyScope: ['query', 'send'], liveKeysOnly: true },
      responses: {},
      handler: async ({ principal }) => json(200, { live: (true satisfies Same<typeof principal, Principal>) && principal.apiKey.environment }),
    }),
    defineRoute({
      method: 'get',
      path: '/session',
      summary: 'signed-in user',
      tag: 'Test',
      access: { session: true },
      responses: {},
      handler: async ({ principal, member }) => {
        const signedIn: Same<typeof member, Member> = true;
        const noKey: Same<typeof principal, undefined> = true;
        return json(200, { signedIn, noKey, role: member.role });
      },
    }),
    defineRoute({
      method: 'get',
      path: '/either',
      summary: 'a key or a signed-in user',
      tag: 'Test',
      access: { anyScope: ['query'], session: true },
      responses: {},
      handler: async ({ principal, member, caller }) => {
        const either: Same<[typeof principal, typeof member, typeof caller], [Principal | undefined, Member | undefined, Caller]> = true;
        return json(200, { either, account: caller.account.id });
      },
    }),
    defineRoute({
      method: 'get',
      path: '/public',
      summary: 'public',
      tag: 'Test',
      access: { public: true },
      responses: {},
      handler: async ({ principal, member }) => {
        const none: Same<typeof principal | typeof member, undefined> = true;
        return json(200, { none });
      },
    }),
  ];

  it('declares keyed, session, key-or-session and public routes alike (types checked at compile time)', () => {
    const accessOf = (access: RouteDefinition['access']) =>
      'anyScope' in access ? `${access.anyScope.join(',')}${'session' in access ? '+session' : ''}` : 'public' in access ? 'public' : 'session';
    expect(routes.map((route) => accessOf(route.access))).to.deep.equal(['send', 'query,send', 'session', 'query+session', 'public']);
  });
});
