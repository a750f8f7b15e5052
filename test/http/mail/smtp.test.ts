import { expect } from 'chai';
import { DnsZoneServer } from '../../../adapters/dns/test/support/dns-zone-server.ts';
import { startSmtpSink, type SmtpSink } from '../../support/smtp-sink.ts';
import { databaseKind } from '../../support/test-database.ts';
import { ADMIN_KEY, startTestServer, type TestServer } from '../../support/test-server.ts';
import { ok } from '../../support/responses.ts';
import { until } from '../../support/until.ts';

/** `MAIL_TRANSPORT=smtp`: an email leaves for a real SMTP server on 127.0.0.1, signed, bounces to its domain's return path. */
describe(`HTTP mail sending through SMTP on ${databaseKind()}`, function () {
  this.timeout(60_000);
  let api: TestServer;
  let dns: DnsZoneServer;
  let relay: SmtpSink;
  let key: string;

  const mail = (method: string, path: string, body?: unknown) => api.request(method, path, { api: 'mail', key, body });

  before(async () => {
    dns = await new DnsZoneServer().start();
    relay = await startSmtpSink();
    // The account service keeps its own mail in the outbox: only the mail API uses this relay.
    api = await startTestServer({ DNS_SERVERS: dns.address, MAIL_TRANSPORT: 'smtp', MAIL_SMTP_URL: relay.url });
    const account = ok(await api.request('POST', '/api/admin/accounts', { key: ADMIN_KEY, body: { email: 'mail-smtp@example.com' } }), 201);
    key = ok(await api.request('POST', `/api/admin/accounts/${account.id}/mail-keys`, { key: ADMIN_KEY, body: { name: 'all', permissions: ['send', 'read', 'manage'] } }), 201).key;
  });
  after(async () => {
    await api.stop();
    await Promise.all([dns.close(), relay.close()]);
  });

  // Kept open between messages (a pool), the relay's connections end when the server stops, not at the relay's idle timeout.
  const stopServer = async () => {
    expect(relay.openConnections(), 'a pooled connection stays open between messages').to.be.at.least(1);
    await api.stop();
    await until('the relay connections closed', async () => relay.openConnections(), (open) => open === 0, 2_000);
  };

  it('hands the signed message to the relay, envelope sender on the return path, and records sent', async () => {
    const domain = ok(await mail('POST', '/v1/domains', { name: 'relay.example.com' }), 201);
    for (const record of domain.records.filter((r: { required: boolean }) => r.required)) dns.publishTxt(record.name, record.value.slice(0, 255), record.value.slice(255));
    ok(await mail('POST', `/v1/domains/${domain.id}/verify`));
    const { id } = ok(await mail('POST', '/v1/emails', { from: 'hello@relay.example.com', to: 'amina@example.org', bcc: 'audit@example.org', subject: 'Receipt', text: 'KES 1,200' }));
    const email = await until('sent', async () => ok(await mail('GET', `/v1/emails/${id}`)), (read) => read.status === 'sent');
    expect(email.events.map((event: { type: string; recipient: string | null }) => [event.type, event.recipient])).to.deep.equal([
      ['queued', null],
      ['sent', 'amina@example.org'],
      ['sent', 'audit@example.org'],
    ]);
    expect(relay.received).to.have.length(1);
    const [received] = relay.received;
    expect(received!.from).to.equal(`${id.toLowerCase()}@bounces.relay.example.com`);
    expect([...received!.to].sort()).to.deep.equal(['amina@example.org', 'audit@example.org']);
    const signature = /^DKIM-Signature: (.*(?:\r\n[ \t].*)*)/m.exec(received!.message)?.[1]?.replace(/\s+/g, '');
    expect(signature).to.include('d=relay.example.com;').and.include(`s=${domain.dkim_selector};`);
    expect(received!.message).not.to.match(/^Bcc:/m);
    await stopServer();
  });
});
