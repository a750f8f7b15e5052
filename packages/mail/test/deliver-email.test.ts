import { expect } from 'chai';
import { jobRoute, newId, type JobHandler } from '@tuma/kernel';
import { FakeClock } from '@tuma/kernel/testing';
import {
  DELIVER_EMAIL_JOB,
  DeliverEmail,
  DeliveryReads,
  DomainName,
  Email,
  EmailTracking,
  GatheredTimeline,
  MailDomain,
  type EmailEvent,
  type EmailRepository,
  type EmailSnapshot,
  type EmailTimeline,
  type MailDnsSettings,
  type MailTransport,
  type OutgoingMail,
  type SenderAddressRepository,
  type SuppressionList,
  type TimelineEntries,
  type TransportResult,
} from '../src/index.ts';
import { InMemoryDkimKeys, InMemoryMailDomainRepository } from '../src/testing/index.ts';

/** A transport that answers each send with the next of `answers` (accepted when none is left). */
class ScriptedTransport implements MailTransport {
  readonly sent: OutgoingMail[] = [];
  constructor(readonly answers: TransportResult[]) {}
  async send(mail: OutgoingMail): Promise<TransportResult> {
    this.sent.push(mail);
    return this.answers.shift() ?? { kind: 'accepted', messageId: '<x@relay>', refusedRecipients: [] };
  }
  async relay(): Promise<TransportResult> {
    throw new Error('emails are sent, not relayed');
  }
}

const LATER: TransportResult = { kind: 'refused', permanence: 'temporary', reason: '451 4.7.1 Try again later' };

/** DeliverEmail over one stored email of a verified domain, the timeline's records kept. */
async function world(answers: TransportResult[]) {
  const clock = new FakeClock('2026-11-25T08:00:00.000Z');
  const dkimKeys = new InMemoryDkimKeys();
  const domains = new InMemoryMailDomainRepository();
  const key = await dkimKeys.generate('pending');
  const domainId = newId('dom');
  const domain = {
    ...MailDomain.add(
      { id: domainId, accountId: 'acc_a', name: DomainName.create('shop.example.com')._unsafeUnwrap(), region: 'af-south-1', key: { selector: 'tuma202611-ab12', publicKey: key.publicKey, sealedPrivateKey: key.sealedPrivateKey.replace('clear:pending:', `clear:${domainId}:`) } },
      clock.now(),
    ).toSnapshot(),
    status: 'verified' as const,
  };
  await domains.add(domain);
  const email: EmailSnapshot = Email.compose(
    {
      id: newId('em', clock.now()),
      accountId: 'acc_a',
      domainId,
      from: { address: 'news@shop.example.com' },
      to: [{ address: 'amina@example.org' }],
      cc: [],
      bcc: [],
      replyTo: [],
      subject: 'Habari',
      html: null,
      text: 'Hi',
      headers: {},
      attachments: [],
      tags: [],
      scheduledAt: null,
      createdAt: clock.now(),
    },
    clock.now(),
  ).toSnapshot();
  const recorded: EmailEvent[][] = [];
  const emails = { findByIds: async (ids: readonly string[]) => (ids.includes(email.id) ? [email] : []) } as unknown as EmailRepository;
  const timeline = { recordMany: async (entries: readonly TimelineEntries[]) => void recorded.push(...entries.map((entry) => [...entry.events])) } as unknown as EmailTimeline;
  const suppressions = { suppressed: async () => new Set<string>() } as unknown as SuppressionList;
  const transport = new ScriptedTransport(answers);
  const reads = new DeliveryReads(emails, domains, suppressions, {} as SenderAddressRepository);
  const deliver = new DeliverEmail(reads, {} as MailDnsSettings, dkimKeys, transport, new EmailTracking({} as never, {} as never), new GatheredTimeline(timeline), clock);
  return { clock, email, deliver, transport, recorded };
}

describe('DeliverEmail (the delivery job)', () => {
  it("answers a temporary refusal before the last attempt with an email_deferred Err, recording nothing; the job's attempt fails with its message", async () => {
    const w = await world([LATER, LATER]);
    const deferred = (await w.deliver.execute({ emailId: w.email.id }, { jobId: 'j', retryCount: 0 }))._unsafeUnwrapErr();
    expect(deferred).to.deep.equal({ type: 'email_deferred', emailId: w.email.id, reason: '451 4.7.1 Try again later', message: `Email ${w.email.id} deferred: 451 4.7.1 Try again later` });
    expect(w.recorded).to.deep.equal([]);

    let handler: JobHandler<{ readonly emailId: string }> | undefined;
    jobRoute(DELIVER_EMAIL_JOB, (payload, context) => w.deliver.execute(payload, context)).register({ register: (_job, registered) => void (handler = registered as never) }, (attempt) => attempt());
    const thrown = await handler!({ emailId: w.email.id }, { jobId: 'j', retryCount: 1 }).then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(String(thrown), 'the attempt fails, so pg-boss retries it').to.equal(`Error: Email ${w.email.id} deferred: 451 4.7.1 Try again later`);
    expect(w.transport.sent).to.have.length(2);
    expect(w.recorded).to.deep.equal([]);
  });

  it('records failed on the last attempt of a temporary refusal, and sent for an accepted one', async () => {
    const w = await world([LATER]);
    expect((await w.deliver.execute({ emailId: w.email.id }, { jobId: 'j', retryCount: DELIVER_EMAIL_JOB.retryLimit })).isOk()).to.equal(true);
    expect(w.recorded.map((events) => events.map((event) => [event.type, event.recipient, event.reason]))).to.deep.equal([[['failed', 'amina@example.org', '451 4.7.1 Try again later']]]);
    expect((await w.deliver.execute({ emailId: w.email.id }, { jobId: 'j', retryCount: 0 })).isOk()).to.equal(true);
    expect(w.recorded[1]!.map((event) => event.type)).to.deep.equal(['sent']);
  });
});
