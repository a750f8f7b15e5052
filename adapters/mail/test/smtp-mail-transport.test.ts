import { Resolver } from 'node:dns/promises';
import { expect } from 'chai';
import { authenticate } from 'mailauth';
import { FakeClock } from '@tuma/kernel/testing';
import { AddDomain, DEFAULT_MAIL_DNS, signedMail, VerifyDomain, type MailContent, type MailDomainSnapshot } from '@tuma/mail';
import { InMemoryMailDomainRepository } from '@tuma/mail/testing';
import { AesGcmSecretCipher } from '@tuma/webhooks-adapter';
import { randomBytes } from 'node:crypto';
import { NodeDnsResolver } from '@tuma/dns-adapter';
import { NodeDkimKeys, SmtpMailTransport } from '../src/index.ts';
import { DnsZoneServer } from '../../dns/test/support/dns-zone-server.ts';
import { SmtpSink } from './support/smtp-sink.ts';

const ACCOUNT = 'acc_smtp';

const content = (id: string): MailContent => ({
  id,
  from: { address: 'news@example.com', name: 'Example News' },
  to: [{ address: 'amina@example.org', name: 'Amina' }],
  cc: [{ address: 'baraka@example.org' }],
  bcc: [{ address: 'audit@example.org' }],
  replyTo: [{ address: 'support@example.com' }],
  subject: 'Habari za leo',
  html: '<p>Karibu, <b>Amina</b>.</p>',
  text: 'Karibu, Amina.',
  attachments: [{ filename: 'invoice.csv', content: new TextEncoder().encode('item,amount\ntea,120\n'), contentType: 'text/csv' }],
  headers: { 'X-Entity-Ref-ID': 'order-42' },
});

describe('SmtpMailTransport: DKIM-signed mail through a real SMTP server, checked against the published record', () => {
  let zone: DnsZoneServer;
  let sink: SmtpSink;
  let transport: SmtpMailTransport;
  let domain: MailDomainSnapshot;
  const dkimKeys = new NodeDkimKeys(new AesGcmSecretCipher(() => randomBytes(32)));
  const repository = new InMemoryMailDomainRepository();

  /** What a receiving server concludes, looking the key up in the test zone. */
  async function dkimOf(raw: string) {
    const dns = new Resolver();
    dns.setServers([zone.address]);
    const { dkim } = await authenticate(raw, {
      ip: '127.0.0.1',
      helo: 'relay.tuma.local',
      sender: 'em@bounces.example.com',
      resolver: (name: string, type: string) => dns.resolve(name, type as 'TXT'),
    });
    return dkim.results;
  }

  before(async () => {
    zone = await new DnsZoneServer().start();
    sink = await new SmtpSink().start();
    transport = new SmtpMailTransport(sink.url);
    const clock = new FakeClock('2026-11-24T08:00:00.000Z');
    const mail = { addDomain: new AddDomain(repository, dkimKeys, DEFAULT_MAIL_DNS, clock), verifyDomain: new VerifyDomain(repository, new NodeDnsResolver({ servers: [zone.address] }), DEFAULT_MAIL_DNS, clock) };
    const added = (await mail.addDomain.execute({ accountId: ACCOUNT, name: 'example.com' }))._unsafeUnwrap();
    for (const record of added.records) {
      if (record.type === 'TXT') zone.publishTxt(record.host, ...record.value.match(/.{1,255}/g)!);
      else zone.publishMx(record.host, record.value, record.priority!);
    }
    expect((await mail.verifyDomain.execute({ accountId: ACCOUNT, domainId: added.id }))._unsafeUnwrap().status).to.equal('verified');
    domain = (await repository.find(ACCOUNT, added.id))!;
  });

  after(async () => {
    transport.close();
    await sink.close();
    await zone.close();
  });

  it('delivers the message with its attachment and headers, the return path as envelope sender, to every recipient', async () => {
    const result = await transport.send(signedMail(content('em_01SMTP'), domain, dkimKeys));
    expect(result).to.deep.include({ kind: 'accepted', refusedRecipients: [] });
    const received = sink.received.at(-1)!;
    expect(received.mailFrom).to.equal('em_01smtp@bounces.example.com');
    expect(received.recipients).to.deep.equal(['amina@example.org', 'baraka@example.org', 'audit@example.org']);
    expect(received.raw).to.include('X-Entity-Ref-ID: order-42').and.to.include('filename=invoice.csv').and.to.include('Reply-To: support@example.com');
    expect(received.raw, 'Bcc stays off the message').not.to.include('audit@example.org');
    expect(result.kind === 'accepted' && received.raw).to.include(`Message-ID: ${result.kind === 'accepted' ? result.messageId : ''}`);
    expect(result.kind === 'accepted' && result.messageId, 'the email id, the same on every attempt').to.equal('<em_01smtp@bounces.example.com>');
  });

  it("passes DKIM against the domain's published record, and fails once the body is altered", async () => {
    await transport.send(signedMail(content('em_02SMTP'), domain, dkimKeys));
    const { raw } = sink.received.at(-1)!;
    const [signature] = await dkimOf(raw);
    expect(signature!.status.result).to.equal('pass');
    expect(signature!.signingDomain).to.equal('example.com');
    expect(signature!.selector).to.equal(domain.dkimSelector);
    const altered = raw.replace('dGVhLDEyMA', 'dGVhLDk5OQ');
    expect(altered).not.to.equal(raw);
    const [broken] = await dkimOf(altered);
    expect(broken!.status.result).to.equal('neutral');
    expect(broken!.status.comment).to.match(/body hash did not verify/);
  });

  it('answers recipients the server refused, and a permanent refusal when it refused them all', async () => {
    sink.refuse('baraka@example.org');
    const partly = await transport.send(signedMail(content('em_03SMTP'), domain, dkimKeys));
    expect(partly).to.deep.include({ kind: 'accepted', refusedRecipients: ['baraka@example.org'] });
    const alone = await transport.send(signedMail({ ...content('em_04SMTP'), to: [{ address: 'baraka@example.org' }], cc: [], bcc: [] }, domain, dkimKeys));
    expect(alone).to.include({ kind: 'refused', permanence: 'permanent' });
  });

  it('answers a temporary refusal when no server listens', async () => {
    const nowhere = new SmtpMailTransport('smtp://127.0.0.1:9');
    expect(await nowhere.send(signedMail(content('em_05SMTP'), domain, dkimKeys))).to.include({ kind: 'refused', permanence: 'temporary' });
    nowhere.close();
  });
});
