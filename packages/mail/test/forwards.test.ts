import { expect } from 'chai';
import { jobRoute, newId } from '@tuma/kernel';
import { FakeClock, ImmediateUnitOfWork, InMemoryJobScheduler } from '@tuma/kernel/testing';
import { CreateForward, DomainName, ListForwardLog, ReceiveForwardedMail, RelayForwardedMail, type CreateForwardError, FORWARD_MESSAGE_JOB, MailDomain, srsDecode, type MailDomainSnapshot, type MailTransport, type ReceivedMail, type RelayedMail, type TransportResult } from '../src/index.ts';
import { InMemoryDkimKeys, InMemoryForwardRepository, InMemoryMailDomainRepository } from '../src/testing/index.ts';

const SRS_KEY = Buffer.alloc(32, 4);

/** A transport that answers each relay with the next of `answers` (accepted when none is left). */
class RecordingTransport implements MailTransport {
  readonly relayed: RelayedMail[] = [];
  constructor(readonly answers: TransportResult[] = []) {}
  async send(): Promise<TransportResult> {
    throw new Error('forwards relay, they do not send');
  }
  async relay(mail: RelayedMail): Promise<TransportResult> {
    this.relayed.push(mail);
    return this.answers.shift() ?? { kind: 'accepted', messageId: '<x@relay>', refusedRecipients: [] };
  }
}

const mail = (headers: [string, string][] = []): ReceivedMail => ({
  raw: Buffer.from('From: Baraka <baraka@example.net>\r\nSubject: Habari\r\nMessage-ID: <m1@example.net>\r\n\r\nHi\r\n'),
  envelopeFrom: 'baraka@example.net',
  clientAddress: '203.0.113.9',
  clientName: 'mx.example.net',
  from: 'Baraka <baraka@example.net>',
  subject: 'Habari',
  messageId: '<m1@example.net>',
  headers: [...headers.map(([name, value]) => ({ name, value })), { name: 'from', value: 'Baraka <baraka@example.net>' }],
});

async function world(answers: TransportResult[] = []) {
  const clock = new FakeClock('2026-11-25T08:00:00.000Z');
  const domains = new InMemoryMailDomainRepository();
  const dkimKeys = new InMemoryDkimKeys();
  const jobs = new InMemoryJobScheduler(clock);
  const transport = new RecordingTransport(answers);
  const forwards = new InMemoryForwardRepository();
  // The forward use cases as `createMail` builds them, over the forward ports alone.
  const service = {
    createForward: new CreateForward(forwards, domains, clock),
    listForwardLog: new ListForwardLog(forwards),
    receive: new ReceiveForwardedMail(forwards, domains, jobs, new ImmediateUnitOfWork(), () => SRS_KEY, clock),
    relay: new RelayForwardedMail(forwards, domains, dkimKeys, transport, clock),
  };
  jobRoute(FORWARD_MESSAGE_JOB, (payload, context) => service.relay.execute(payload, context)).register(jobs, (attempt) => attempt());
  const addDomain = async (accountId: string, name: string, status: MailDomainSnapshot['status'] = 'verified') => {
    const key = await dkimKeys.generate('pending');
    const id = newId('dom');
    const domain = { ...MailDomain.add({ id, accountId, name: DomainName.create(name)._unsafeUnwrap(), region: 'af-south-1', key: { selector: 'tuma202611-ab12', publicKey: key.publicKey, sealedPrivateKey: key.sealedPrivateKey.replace('clear:pending:', `clear:${id}:`) } }, clock.now()).toSnapshot(), status };
    await domains.add(domain);
    return domain;
  };
  return { clock, jobs, transport, forwards, service, addDomain };
}

const issues = (error: CreateForwardError) => ('details' in error ? error.details : []).map((d) => d.path);

describe('forwards (docs/mail.md, "Forwards")', () => {
  it('take an alias or *@ of a verified domain of the account, to any address, once per alias', async () => {
    const w = await world();
    await w.addDomain('acc_a', 'shop.example.com');
    await w.addDomain('acc_a', 'pending.example.com', 'pending');
    await w.addDomain('acc_b', 'theirs.example.com');
    const sales = (await w.service.createForward.execute({ accountId: 'acc_a', from: 'Sales@Shop.example.com', to: 'Amina@Example.org' }))._unsafeUnwrap();
    expect(sales).to.include({ alias: 'sales', domainName: 'shop.example.com', to: 'Amina@example.org' });
    expect((await w.service.createForward.execute({ accountId: 'acc_a', from: '*@shop.example.com', to: 'amina@example.org' }))._unsafeUnwrap().alias).to.equal('*');
    expect((await w.service.createForward.execute({ accountId: 'acc_a', from: 'sales@shop.example.com', to: 'other@example.org' }))._unsafeUnwrapErr().type).to.equal('conflict');
    for (const from of ['sales@pending.example.com', 'sales@theirs.example.com', 'sales@nowhere.example.com', 'not an address']) {
      expect(issues((await w.service.createForward.execute({ accountId: 'acc_a', from, to: 'amina@example.org' }))._unsafeUnwrapErr()), from).to.deep.equal(['from']);
    }
    expect(issues((await w.service.createForward.execute({ accountId: 'acc_a', from: 'x@shop.example.com', to: 'Amina <amina@example.org>' }))._unsafeUnwrapErr())).to.deep.equal(['to']);
    expect(issues((await w.service.createForward.execute({ accountId: 'acc_a', from: 'x@nowhere.example.com', to: 'nope' }))._unsafeUnwrapErr())).to.deep.equal(['from', 'to']);
  });

  it('refuse a to that we forward ourselves, or that the new forward would take (a loop or a chain)', async () => {
    const w = await world();
    await w.addDomain('acc_a', 'shop.example.com');
    await w.addDomain('acc_b', 'theirs.example.com');
    (await w.service.createForward.execute({ accountId: 'acc_b', from: '*@theirs.example.com', to: 'baraka@example.net' }))._unsafeUnwrap();
    for (const [from, to] of [
      ['sales@shop.example.com', 'anyone@theirs.example.com'],
      ['sales@shop.example.com', 'Sales@shop.example.com'],
      ['*@shop.example.com', 'jobs@shop.example.com'],
    ] as const) {
      expect(issues((await w.service.createForward.execute({ accountId: 'acc_a', from, to }))._unsafeUnwrapErr()), `${from} -> ${to}`).to.deep.equal(['to']);
    }
    expect((await w.service.createForward.execute({ accountId: 'acc_a', from: 'sales@shop.example.com', to: 'jobs@shop.example.com' })).isOk(), 'an address of the domain nothing takes').to.equal(true);
  });

  it('re-send mail to a forwarded address through a job: SRS envelope sender at the domain’s return path, signed by the domain, trace headers above the original', async () => {
    const w = await world();
    const domain = await w.addDomain('acc_a', 'shop.example.com');
    const sales = (await w.service.createForward.execute({ accountId: 'acc_a', from: 'sales@shop.example.com', to: 'amina@example.org' }))._unsafeUnwrap();
    const catchAll = (await w.service.createForward.execute({ accountId: 'acc_a', from: '*@shop.example.com', to: 'desk@example.org' }))._unsafeUnwrap();
    const targets = [await w.service.receive.target('SALES@shop.example.com'), await w.service.receive.target('jobs@shop.example.com')];
    expect(targets.map((t) => t?.kind === 'forward' && t.forward.id)).to.deep.equal([sales.id, catchAll.id]);
    expect(await w.service.receive.target('sales@elsewhere.example.com')).to.equal(undefined);
    expect(await w.service.receive.receive(targets.map((t) => t!), mail())).to.equal(2);
    expect(w.transport.relayed).to.deep.equal([]);
    await w.jobs.runDue();
    const [first] = w.transport.relayed;
    expect(first).to.deep.include({ to: 'amina@example.org', from: 'Baraka <baraka@example.net>', subject: 'Habari' });
    expect(first!.dkim).to.include({ domainName: 'shop.example.com', selector: domain.dkimSelector });
    expect(first!.envelopeFrom).to.match(/^SRS0=[a-z2-7]{8}=[a-z2-7]{2}=example\.net=baraka@bounces\.shop\.example\.com$/);
    expect((await srsDecode(first!.envelopeFrom, SRS_KEY, w.clock.now()))._unsafeUnwrap()).to.equal('baraka@example.net');
    const raw = Buffer.from(first!.raw).toString('utf8');
    expect(raw).to.match(/^Received: from mx\.example\.net \(\[203\.0\.113\.9\]\)\r\n\tby tuma-inbound with ESMTP id fwl_[0-9A-Z]{26}\r\n\tfor <SALES@shop\.example\.com>; /);
    expect(raw).to.include(`X-Forwarded-To: amina@example.org\r\nX-Forwarded-For: SALES@shop.example.com amina@example.org\r\nX-Tuma-Forwarded: ${sales.id}\r\nFrom: Baraka <baraka@example.net>\r\nSubject: Habari\r\n`);
    const [entry] = (await w.service.listForwardLog.execute({ accountId: 'acc_a', forwardId: sales.id, limit: 10 }))._unsafeUnwrap().items;
    expect(entry).to.include({ outcome: 'delivered', originalFrom: 'Baraka <baraka@example.net>', messageId: '<m1@example.net>', subject: 'Habari', error: null });
    expect((await w.service.listForwardLog.execute({ accountId: 'acc_b', forwardId: sales.id, limit: 10 }))._unsafeUnwrapErr().type, "another account's").to.equal('not_found');
  });

  it('stop a loop without sending: the message went through the forward before, or through us 5 times', async () => {
    const w = await world();
    await w.addDomain('acc_a', 'shop.example.com');
    const sales = (await w.service.createForward.execute({ accountId: 'acc_a', from: 'sales@shop.example.com', to: 'amina@example.org' }))._unsafeUnwrap();
    const target = (await w.service.receive.target('sales@shop.example.com'))!;
    for (const headers of [[['x-tuma-forwarded', sales.id]], Array.from({ length: 5 }, (_, i) => ['x-tuma-forwarded', `fwd_OTHER${i}`]), Array.from({ length: 50 }, () => ['received', 'from a by b'])] as [string, string][][]) {
      expect(await w.service.receive.receive([target], mail(headers))).to.equal(0);
      w.clock.advance(1000);
    }
    await w.jobs.runDue();
    expect(w.transport.relayed).to.deep.equal([]);
    const log = (await w.service.listForwardLog.execute({ accountId: 'acc_a', forwardId: sales.id, limit: 10 }))._unsafeUnwrap().items;
    expect(log.map((e) => e.outcome)).to.deep.equal(['loop', 'loop', 'loop']);
    expect(log.map((e) => e.error)).to.deep.equal(['50 Received headers: too many hops', 'Forwarded 5 times by us already', `Forwarded by ${sales.id} before: the message came back to it`]);
  });

  it('log a refusal as failed with the reply, and retry a temporary one until its last attempt', async () => {
    const w = await world([
      { kind: 'refused', permanence: 'permanent', reason: '550 5.1.1 No such user' },
      { kind: 'refused', permanence: 'temporary', reason: '451 4.3.0 Later' },
      { kind: 'refused', permanence: 'temporary', reason: '451 4.3.0 Later' },
    ]);
    await w.addDomain('acc_a', 'shop.example.com');
    const sales = (await w.service.createForward.execute({ accountId: 'acc_a', from: 'sales@shop.example.com', to: 'amina@example.org' }))._unsafeUnwrap();
    const target = (await w.service.receive.target('sales@shop.example.com'))!;
    await w.service.receive.receive([target], mail());
    await w.jobs.runDue();
    w.clock.advance(1000);
    await w.service.receive.receive([target], mail());
    const [pending] = (await w.service.listForwardLog.execute({ accountId: 'acc_a', forwardId: sales.id, limit: 1 }))._unsafeUnwrap().items;
    const deferred = (await w.service.relay.execute({ attemptId: pending!.id }, { jobId: 'j', retryCount: 0 }))._unsafeUnwrapErr();
    expect(deferred).to.deep.include({ type: 'forward_deferred', attemptId: pending!.id, reason: '451 4.3.0 Later' });
    await w.service.relay.execute({ attemptId: pending!.id }, { jobId: 'j', retryCount: FORWARD_MESSAGE_JOB.retryLimit });
    await w.service.relay.execute({ attemptId: pending!.id }, { jobId: 'j', retryCount: FORWARD_MESSAGE_JOB.retryLimit });
    expect(w.transport.relayed, 'a settled attempt is not sent again').to.have.length(3);
    const log = (await w.service.listForwardLog.execute({ accountId: 'acc_a', forwardId: sales.id, limit: 10 }))._unsafeUnwrap().items;
    expect(log.map((e) => [e.outcome, e.error])).to.deep.equal([
      ['failed', '451 4.3.0 Later'],
      ['failed', '550 5.1.1 No such user'],
    ]);
  });

  it('relay a bounce to our SRS address back to the original sender from the null sender; refuse a forged or expired one', async () => {
    const w = await world();
    await w.addDomain('acc_a', 'shop.example.com');
    await w.service.createForward.execute({ accountId: 'acc_a', from: 'sales@shop.example.com', to: 'amina@example.org' });
    await w.service.receive.receive([(await w.service.receive.target('sales@shop.example.com'))!], mail());
    await w.jobs.runDue();
    const srs = w.transport.relayed[0]!.envelopeFrom;
    const bounce = (await w.service.receive.target(srs))!;
    expect(bounce).to.deep.include({ kind: 'bounce', sender: 'baraka@example.net' });
    await w.service.receive.receive([bounce], { ...mail(), envelopeFrom: '' });
    await w.jobs.runDue();
    expect(w.transport.relayed[1]).to.deep.include({ to: 'baraka@example.net', envelopeFrom: '' });
    expect(Buffer.from(w.transport.relayed[1]!.raw).toString('utf8')).to.not.include('X-Tuma-Forwarded');
    expect(await w.service.receive.target(srs.replace(/^SRS0=[a-z2-7]{8}/, 'SRS0=aaaaaaaa')), 'forged').to.equal(undefined);
    expect(await w.service.receive.target(srs.replace('@bounces.shop.example.com', '@bounces.unknown.example.com')), 'not a domain of ours').to.equal(undefined);
    w.clock.advance(22 * 86_400_000);
    expect(await w.service.receive.target(srs), 'expired').to.equal(undefined);
  });
});
