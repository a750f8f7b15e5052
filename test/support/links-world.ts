/** A links API over HTTP with an account and a links key of every scope: the start of every links suite. */
import { ok } from './responses.ts';
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
  const links: LinksWorld['links'] = (method, path, body, options = {}) => api.request(method, path, { api: 'links', key: options.key ?? key, body, headers: options.headers });
  return {
    api,
    key,
    accountId,
    links,
    newKey: async (body = {}) => ok(await links('POST', '/v1/keys', { name: 'extra', ...body }), 201).key as string,
    otherAccountKey: async () => (await newAccount()).key,
    stop: () => api.stop(),
  };
}
