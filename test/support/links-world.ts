/** A links API over HTTP with an account and a links key of every scope: the start of every links suite. */
import { accountServiceClient } from './account-service-client.ts';
import { answered, ok } from './responses.ts';
import { ADMIN_KEY, startTestServer, type TestServer } from './test-server.ts';

export interface LinksWorld {
  readonly api: TestServer;
  /** A live key of the account with `*`. */
  readonly key: string;
  readonly accountId: string;
  /** A request to the links API, with `key` unless another is given. */
  links(method: string, path: string, body?: unknown, options?: { key?: string; headers?: Record<string, string> }): ReturnType<TestServer['request']>;
  /** A new key of the account (any environment and scopes). */
  newKey(body?: Record<string, unknown>): Promise<string>;
  /** Another account with a live key of every scope. */
  otherAccountKey(): Promise<string>;
  /**
   * An account of a signed-up user paying for a links plan from its wallet (credited by the
   * operator), with a live key of every scope made with the user's access token. Start the world
   * with PASSWORD_HASH_COST=10 to keep sign-ups quick.
   */
  paidAccount(tier: 'starter' | 'business' | 'professional' | 'enterprise', credit?: number): Promise<{ accountId: string; key: string; token: string }>;
  stop(): Promise<void>;
}

let accounts = 0;

export async function startLinksWorld(env: Record<string, string> = {}): Promise<LinksWorld> {
  const api = await startTestServer(env);
  const newAccount = async () => {
    const account = ok(await api.request('POST', '/api/admin/accounts', { key: ADMIN_KEY, body: { email: `links-world-${++accounts}@example.com` } }), 201);
    const key = ok(await api.request('POST', `/api/admin/accounts/${account.id}/links-keys`, { key: ADMIN_KEY, body: { name: 'all' } }), 201).key as string;
    return { accountId: account.id as string, key };
  };
  const { accountId, key } = await newAccount();
  const users = accountServiceClient(() => api, `links-paid-${accounts}-`);
  const links: LinksWorld['links'] = (method, path, body, options = {}) => api.request(method, path, { api: 'links', key: options.key ?? key, body, headers: options.headers });
  return {
    api,
    key,
    accountId,
    links,
    newKey: async (body = {}) => ok(await links('POST', '/v1/keys', { name: 'extra', ...body }), 201).key as string,
    otherAccountKey: async () => (await newAccount()).key,
    paidAccount: async (tier, credit = 1000) => {
      const user = await users.signUp();
      ok(await api.request('POST', `/api/admin/balances/${user.accountId}/credit`, { key: ADMIN_KEY, body: { amount: credit, reason: 'links plan', reference: `links-plan-${user.accountId}` } }));
      answered(await api.sdk.auth(user.token).POST('/v1/subscriptions', { body: { product: 'links', tier } }), 201);
      const { key: paidKey } = answered(await api.sdk.links(user.token).POST('/v1/keys', { body: { name: tier } }), 201);
      return { accountId: user.accountId, key: paidKey, token: user.token };
    },
    stop: () => api.stop(),
  };
}
