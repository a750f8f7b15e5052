import { expect } from 'chai';
import type { DnsZoneServer } from '../../adapters/mail/test/support/dns-zone-server.ts';
import { ok } from './responses.ts';
import { ADMIN_KEY, type TestServer } from './test-server.ts';

/**
 * A new account that can send mail: a mail key with every permission (the operator issues it) and
 * `domain`, verified against the records published in the test DNS server.
 */
export async function mailSender(api: TestServer, dns: DnsZoneServer, email: string, domain: string): Promise<{ accountId: string; key: string }> {
  const account = ok(await api.request('POST', '/api/admin/accounts', { key: ADMIN_KEY, body: { email } }), 201);
  const key = ok(await api.request('POST', `/api/admin/accounts/${account.id}/mail-keys`, { key: ADMIN_KEY, body: { name: 'all', permissions: ['send', 'read', 'manage'] } }), 201).key as string;
  const added = ok(await api.request('POST', '/v1/domains', { api: 'mail', key, body: { name: domain } }), 201);
  for (const record of added.records.filter((r: { required: boolean }) => r.required)) dns.publishTxt(record.name, record.value.slice(0, 255), record.value.slice(255));
  expect(ok(await api.request('POST', `/v1/domains/${added.id}/verify`, { api: 'mail', key })).status).to.equal('verified');
  return { accountId: account.id, key };
}
