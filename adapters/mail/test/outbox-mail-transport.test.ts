import { randomBytes } from 'node:crypto';
import { expect } from 'chai';
import { FakeClock } from '@tuma/kernel/testing';
import { DomainName, MailDomain, signedMail, type MailContent, type OutgoingMail } from '@tuma/mail';
import { InMemoryMailOutbox, RecordingMailOutcomes } from '@tuma/mail/testing';
import { AesGcmSecretCipher } from '@tuma/webhooks-adapter';
import { NodeDkimKeys, OutboxMailTransport, type OutcomeScheduler } from '../src/index.ts';

describe('OutboxMailTransport: the embedded outbox and its magic recipients', () => {
  const clock = new FakeClock('2026-11-24T08:00:00.000Z');
  const dkimKeys = new NodeDkimKeys(new AesGcmSecretCipher(() => randomBytes(32)));
  let mail: (to: readonly string[]) => OutgoingMail;

  before(async () => {
    const key = await dkimKeys.generate('dom_outbox');
    const domain = MailDomain.add({ id: 'dom_outbox', accountId: 'acc_a', name: DomainName.create('example.com')._unsafeUnwrap(), region: 'af-south-1', key: { selector: 'tuma202611-test', ...key } }, clock.now()).toSnapshot();
    const content = (to: readonly string[]): MailContent => ({
      id: 'em_OUTBOX',
      from: { address: 'news@example.com' },
      to: to.map((address) => ({ address })),
      cc: [],
      bcc: [],
      replyTo: [],
      subject: 'Hello',
      html: null,
      text: 'Hello there',
      attachments: [],
      headers: {},
    });
    mail = (to) => signedMail(content(to), domain, dkimKeys);
  });

  function transport() {
    const outbox = new InMemoryMailOutbox();
    const outcomes = new RecordingMailOutcomes();
    const due: (() => Promise<void>)[] = [];
    const schedule: OutcomeScheduler = (task) => void due.push(task);
    const errors: unknown[] = [];
    const runDue = async () => {
      for (const task of due.splice(0)) await task();
    };
    return { outbox, outcomes, runDue, errors, transport: new OutboxMailTransport({ outbox, outcomes, clock, schedule, onError: (e) => errors.push(e) }) };
  }

  it('keeps the signed message and reports sent then delivered, after answering', async () => {
    const t = transport();
    const result = await t.transport.send(mail(['Amina@Example.org']));
    expect(result).to.deep.include({ kind: 'accepted', refusedRecipients: [] });
    expect(t.outcomes.recorded, 'nothing before send answered').to.deep.equal([]);
    const [kept] = await t.outbox.list({ recipient: 'amina@example.org', limit: 5 });
    expect(kept).to.include({ emailId: 'em_OUTBOX', returnPath: 'em_outbox@bounces.example.com', subject: 'Hello' });
    expect(kept!.raw).to.match(/^DKIM-Signature: /).and.to.match(/\bd=example\.com;/).and.to.match(/\bs=tuma202611-test;/);
    await t.runDue();
    expect(t.outcomes.recorded.map((o) => [o.recipient, o.event])).to.deep.equal([['amina@example.org', 'sent'], ['amina@example.org', 'delivered']]);
  });

  it('closes once the outcome being recorded is: none still to come is recorded after', async () => {
    const t = transport();
    await t.transport.send(mail(['amina@example.org']));
    let finish!: () => void;
    const slowRecord = t.outcomes.record.bind(t.outcomes);
    t.outcomes.record = async (outcome) => {
      await new Promise<void>((resolve) => (finish = resolve));
      return slowRecord(outcome);
    };
    const due = t.runDue(); // `sent` starts recording and waits; `delivered` is still to come
    await new Promise((resolve) => setImmediate(resolve));
    let closed = false;
    const closing = t.transport.close().then(() => (closed = true));
    await new Promise((resolve) => setImmediate(resolve));
    expect(closed, 'waits for the outcome being recorded').to.equal(false);
    finish();
    await closing;
    await due;
    expect(t.outcomes.recorded.map((o) => o.event)).to.deep.equal(['sent']);
  });

  it('bounces, complains and fails the magic recipients, +tag and case aside, each on its own', async () => {
    const t = transport();
    await t.transport.send(mail(['bounce+welcome@example.org', 'COMPLAINT@example.net', 'fail@example.org']));
    await t.runDue();
    expect(t.outcomes.recorded.map((o) => [o.recipient, o.event, o.reason])).to.deep.equal([
      ['bounce+welcome@example.org', 'sent', null],
      ['bounce+welcome@example.org', 'bounced', '550 5.1.1 The email account does not exist'],
      ['complaint@example.net', 'sent', null],
      ['complaint@example.net', 'delivered', null],
      ['complaint@example.net', 'complained', null],
      ['fail@example.org', 'failed', '554 5.7.1 Message rejected'],
    ]);
  });

  it('refuses a refuse@ recipient alone, the whole message when all are, and defers a message with defer@', async () => {
    const t = transport();
    expect(await t.transport.send(mail(['refuse@example.org', 'ok@example.org']))).to.deep.include({ kind: 'accepted', refusedRecipients: ['refuse@example.org'] });
    expect(await t.transport.send(mail(['refuse@example.org']))).to.include({ kind: 'refused', permanence: 'permanent' });
    expect(await t.transport.send(mail(['ok@example.org', 'defer@example.org']))).to.include({ kind: 'refused', permanence: 'temporary' });
    expect(await t.outbox.list({ limit: 10 }), 'only the accepted one kept').to.have.length(1);
  });

  it('hands an outcome that cannot be recorded to onError', async () => {
    const t = transport();
    t.outcomes.record = () => Promise.reject(new Error('database gone'));
    await t.transport.send(mail(['ok@example.org']));
    await t.runDue();
    expect(t.errors.map(String)).to.deep.equal(['Error: database gone', 'Error: database gone']);
  });

  it('keeps a relayed message (a forward) as it came under our signature, answers refuse@ and defer@, and reports nothing', async () => {
    const t = transport();
    const privateKey = mail([]).dkim!.privateKey;
    const relayed = (to: string) => ({
      id: 'fwl_OUTBOX',
      raw: Buffer.from('From: Baraka <baraka@example.net>\r\nSubject: Habari\r\nMessage-ID: <m1@example.net>\r\n\r\nHi there\r\n'),
      envelopeFrom: 'SRS0=abcdefgh=aa=example.net=baraka@bounces.example.com',
      to,
      dkim: { domainName: 'example.com', selector: 'tuma202611-test', privateKey },
      from: 'Baraka <baraka@example.net>',
      subject: 'Habari',
    });
    expect(await t.transport.relay(relayed('Amina@example.org'))).to.deep.include({ kind: 'accepted', refusedRecipients: [] });
    const [kept] = await t.outbox.list({ recipient: 'amina@example.org', limit: 5 });
    expect(kept).to.include({ emailId: 'fwl_OUTBOX', subject: 'Habari', returnPath: 'SRS0=abcdefgh=aa=example.net=baraka@bounces.example.com' });
    expect(kept!.raw).to.match(/^DKIM-Signature: [^]*\bd=example\.com;/);
    expect(kept!.raw.replace(/\r\n/g, '\n'), 'the message below the signature, as it came').to.include('\nFrom: Baraka <baraka@example.net>\nSubject: Habari\nMessage-ID: <m1@example.net>\n\nHi there');
    expect(await t.transport.relay(relayed('refuse@example.org'))).to.deep.include({ kind: 'refused', permanence: 'permanent' });
    expect(await t.transport.relay(relayed('defer@example.org'))).to.deep.include({ kind: 'refused', permanence: 'temporary' });
    await t.runDue();
    expect(t.outcomes.recorded).to.deep.equal([]);
  });
});

describe('NodeDkimKeys', () => {
  it('seals the private key to its domain: it opens for that domain only, with the key that sealed it', async () => {
    const keys = new NodeDkimKeys(new AesGcmSecretCipher(() => Buffer.alloc(32, 7)));
    const generated = await keys.generate('dom_a');
    expect(generated.sealedPrivateKey).to.match(/^v1\./).and.not.to.include('PRIVATE KEY');
    expect(keys.open(generated.sealedPrivateKey, 'dom_a')).to.match(/^-----BEGIN PRIVATE KEY-----/);
    expect(() => keys.open(generated.sealedPrivateKey, 'dom_b')).to.throw(/does not open/);
    expect(() => new NodeDkimKeys(new AesGcmSecretCipher(() => Buffer.alloc(32, 8))).open(generated.sealedPrivateKey, 'dom_a')).to.throw(/does not open/);
    expect(Buffer.from(generated.publicKey, 'base64').length, 'a 2048-bit SubjectPublicKeyInfo').to.equal(294);
  });

});
