import { expect } from 'chai';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { Account, ApiKey, Email, type Principal } from '@tuma/accounts';
import type { Member, Role } from '@tuma/identity';
import { currency, errAsync, okAsync } from '@tuma/kernel';
import { APIS, createHttpApp, defineRoute, json, type HttpAppOptions, type RouteDefinition } from '../src/index.ts';

const at = new Date('2026-06-01T09:00:00Z');
const account = Account.open({ email: Email.create('shop@example.com')._unsafeUnwrap(), walletCurrency: currency('KES') }, at);
const testKey = ApiKey.issue({ accountId: account.id, prefix: 'svc_test_AbCd1234', secretHash: 'a'.repeat(64), environment: 'test', scopes: ['query'], kind: 'customer' }, at);
const KEY = 'svc_test_AbCd1234-the-rest-of-the-secret';
const JWT = 'eyJhbGciOiJFZERTQSJ9.eyJzdWIiOiJ1c3JfMSJ9.c2lnbmF0dXJl';

const readRoute = defineRoute({
  method: 'get',
  path: '/read',
  summary: 'a key or a session',
  tag: 'Test',
  access: { anyScope: ['query'], session: true },
  responses: {},
  handler: async ({ caller, principal, member }) =>
    json(200, { account: caller.account.id, environment: caller.environment, key: caller.apiKey?.id ?? null, by: principal ? 'key' : member ? 'member' : 'nobody' }),
});
const manageRoute = defineRoute({
  method: 'post',
  path: '/manage',
  summary: 'owners and developers',
  tag: 'Test',
  access: { session: true, roles: ['owner', 'developer'] },
  responses: {},
  handler: async ({ member }) => json(200, { role: member.role }),
});

describe('HTTP app: routes taking a key or a session, and session roles', () => {
  let server: Server;
  let base: string;
  let role: Role = 'developer';
  const checked: string[] = [];

  const options = (routes: RouteDefinition[]): HttpAppOptions => ({
    api: APIS.sms,
    routes,
    authenticate: (token) => {
      checked.push(`key ${token}`);
      return token === KEY ? okAsync({ account, apiKey: testKey } satisfies Principal) : errAsync({ type: 'unauthorized', message: 'Missing or invalid API key' });
    },
    authenticateSession: (token) => {
      checked.push(`session ${token}`);
      return token === JWT ? okAsync({ userId: 'usr_1', accountId: account.id, role, sessionId: 'ses_1' } satisfies Member) : errAsync({ type: 'unauthorized', message: 'bad token' });
    },
    readAccount: async (id) => (id === account.id ? account : undefined),
    bodyLimitBytes: 1024,
    logger: { info: () => undefined, error: () => undefined },
    version: 'test',
  });
  const call = async (method: string, path: string, token: string) => {
    checked.length = 0;
    const res = await fetch(`${base}${path}`, { method, headers: { Authorization: `Bearer ${token}` } });
    return { status: res.status, body: (await res.json()) as any };
  };

  before(async () => {
    server = createHttpApp(options([readRoute, manageRoute])).app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  after(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('checks a JWT-shaped token as an access token only, any other as a key only', async () => {
    expect(await call('GET', '/read', JWT)).to.deep.equal({ status: 200, body: { account: account.id, environment: 'live', key: null, by: 'member' } });
    expect(checked).to.deep.equal([`session ${JWT}`]);
    expect(await call('GET', '/read', KEY)).to.deep.equal({ status: 200, body: { account: account.id, environment: 'test', key: testKey.id, by: 'key' } });
    expect(checked).to.deep.equal([`key ${KEY}`]);
    const wrong = await call('GET', '/read', 'a.b.c');
    expect([wrong.status, checked]).to.deep.equal([401, ['session a.b.c']]);
  });

  it("admits a session route's roles only (403 insufficient_role naming them), and takes no key there", async () => {
    role = 'developer';
    expect(await call('POST', '/manage', JWT)).to.deep.equal({ status: 200, body: { role: 'developer' } });
    role = 'viewer';
    const refused = await call('POST', '/manage', JWT);
    expect([refused.status, refused.body.error.code, refused.body.error.required]).to.deep.equal([403, 'insufficient_role', ['owner', 'developer']]);
    expect((await call('POST', '/manage', KEY)).status).to.equal(401);
    expect(checked, 'a key is never tried on a session-only route').to.deep.equal([`session ${KEY}`]);
  });

  it('refuses to build an app whose key-or-session route has no way to read the member account', () => {
    expect(() => createHttpApp({ ...options([readRoute]), readAccount: undefined })).to.throw(/readAccount/);
  });
});
