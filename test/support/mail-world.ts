import type { Clock } from '@tuma/kernel';
/** A mail API over HTTP with an account whose domain is verified against a real DNS server on 127.0.0.1: the start of every sending suite. */
import { expect } from 'chai';
import { DnsZoneServer } from '../../adapters/dns/test/support/dns-zone-server.ts';
import { accountServiceClient } from './account-service-client.ts';
import { answered, ok } from './responses.ts';
import { ADMIN_KEY, startTestServer, type TestServer } from './test-server.ts';
import { until } from './until.ts';

export interface MailWorld {
  readonly api: TestServer;
  readonly dns: DnsZoneServer;
  /** A key of the account with every permission. */
  readonly key: string;
  readonly accountId: string;
  /** The verified domain's id. */
  readonly domainId: string;
  /** A request to the mail API, with `key` unless another is given. */
  mail(method: string, path: string, body?: unknown, options?: { key?: string; headers?: Record<string, string> }): ReturnType<TestServer['request']>;
  /** Sends from `hello@<domain>` (a subject and html unless given): the email's id. */
  send(body: Record<string, unknown>): Promise<string>;
  /** The email once its status is `status`. */
  settled(id: string, status: string): Promise<any>;
  /** Another account with a key of every permission on it. */
  otherAccountKey(): Promise<string>;
  stop(): Promise<void>;
}

let accounts = 0;

/**
 * `plan`: the world's account is a signed-up user's, paid for that mail plan from its wallet (the
 * free plan sends 100 emails a day); its key is made with the user's access token.
 */
/** A mail plan's tier (docs/mail.md, "Plans"). */
type MailTier = 'free' | 'starter' | 'business' | 'professional' | 'enterprise';

export async function startMailWorld(options: { domain: string; env?: Record<string, string>; plan?: MailTier; clock?: Clock }): Promise<MailWorld> {
  const dns = await new DnsZoneServer().start();
  const api = await startTestServer({ DNS_SERVERS: dns.address, ...options.env }, options.clock ? { clock: options.clock } : {});
  const newKey = async () => {
    const account = ok(await api.request('POST', '/api/admin/accounts', { key: ADMIN_KEY, body: { email: `mail-world-${++accounts}@example.com` } }), 201);
    const key = ok(await api.request('POST', `/api/admin/accounts/${account.id}/mail-keys`, { key: ADMIN_KEY, body: { name: 'all', permissions: ['send', 'read', 'manage'] } }), 201).key as string;
    return { accountId: account.id as string, key };
  };
  const onPlan = async (tier: MailTier) => {
    const user = await accountServiceClient(() => api, `mail-world-${++accounts}-`).signUp();
    ok(await api.request('POST', `/api/admin/balances/${user.accountId}/credit`, { key: ADMIN_KEY, body: { amount: 1000, reason: 'mail world plan', reference: `mail-world-${user.accountId}` } }));
    answered(await api.sdk.auth(user.token).POST('/v1/subscriptions', { body: { product: 'mail', tier } }), 201);
    const { key } = answered(await api.sdk.mail(user.token).POST('/v1/api-keys', { body: { name: 'all', permissions: ['send', 'read', 'manage'] } }), 201);
    return { accountId: user.accountId, key };
  };
  const { accountId, key } = options.plan ? await onPlan(options.plan) : await newKey();
  const mail: MailWorld['mail'] = (method, path, body, requestOptions = {}) => api.request(method, path, { api: 'mail', key: requestOptions.key ?? key, body, headers: requestOptions.headers });
  const sdk = api.sdk.mail(key);
  const domain = answered(await sdk.POST('/v1/domains', { body: { name: options.domain } }), 201);
  for (const record of domain.records.filter((r) => r.required)) dns.publishTxt(record.name, record.value.slice(0, 255), record.value.slice(255));
  expect(answered(await sdk.POST('/v1/domains/{id}/verify', { params: { path: { id: domain.id } } })).status).to.equal('verified');
  return {
    api,
    dns,
    key,
    accountId,
    domainId: domain.id,
    mail,
    send: async (body) => ok(await mail('POST', '/v1/emails', { from: `Shop <hello@${options.domain}>`, subject: 'Your order', html: '<p>Hello</p>', ...body })).id as string,
    settled: (id, status) => until(`${id} ${status}`, async () => ok(await mail('GET', `/v1/emails/${id}`)), (email) => email.status === status),
    otherAccountKey: async () => (await newKey()).key,
    stop: async () => {
      await api.stop();
      await dns.close();
    },
  };
}
