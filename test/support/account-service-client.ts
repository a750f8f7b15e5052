/** The account service seen from a browser and a mail client, for the HTTP suites: requests, mailed links, and a signed-up user. */
import { expect } from 'chai';
import { answered, ok } from './responses.ts';
import { ADMIN_KEY, type TestServer } from './test-server.ts';

export { ok, refused } from './responses.ts';

export const PASSWORD = 'correct horse battery staple';

export function accountServiceClient(api: () => TestServer, addressPrefix = 'user') {
  let addresses = 0;
  const auth = (method: string, path: string, options: { body?: unknown; token?: string; ip?: string } = {}) =>
    api().request(method, `/auth/v1${path}`, {
      body: options.body,
      key: options.token,
      headers: options.ip ? { 'X-Forwarded-For': options.ip } : {},
    });
  const outbox = async (to: string, limit: number) => ok(await api().request('GET', `/api/admin/outbox?to=${encodeURIComponent(to)}&limit=${limit}`, { key: ADMIN_KEY })).messages;
  /** The token of the newest mail to `to` with this subject, read where the operator reads it. */
  const mailedToken = async (to: string, subject: string): Promise<string> => {
    const [newest] = await outbox(to, 1);
    expect(newest?.subject).to.equal(subject);
    return /token=([0-9A-Za-z]+)/.exec(newest.text)![1]!;
  };
  const newAddress = () => `${addressPrefix}${++addresses}@example.com`;
  const register = async (email = newAddress(), body: Record<string, unknown> = {}) => ({ email, answer: ok(await auth('POST', '/register', { body: { email, password: PASSWORD, ...body } }), 201) });
  const login = async (email: string, password = PASSWORD) => ok(await auth('POST', '/login', { body: { email, password } }));
  const verify = async (email: string) => ok(await auth('POST', '/verify-email', { body: { token: await mailedToken(email, 'Verify your email address') } }));
  /** Registered, verified (unless asked not to) and signed in, through @tuma/sdk: the address, account id and access token. */
  const signUp = async (options: { verified?: boolean } = {}) => {
    const sdk = api().sdk.auth();
    const email = newAddress();
    const registered = answered(await sdk.POST('/v1/register', { body: { email, password: PASSWORD } }), 201);
    if (options.verified !== false) answered(await sdk.POST('/v1/verify-email', { body: { token: await mailedToken(email, 'Verify your email address') } }));
    const session = answered(await sdk.POST('/v1/login', { body: { email, password: PASSWORD } }));
    return { email, userId: registered.user.id, accountId: registered.account.id, token: session.access_token, refreshToken: session.refresh_token };
  };
  return { auth, outbox, mailedToken, newAddress, register, login, verify, signUp };
}
