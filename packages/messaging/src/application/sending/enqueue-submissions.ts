import type { JobScheduler } from '@tuma/kernel';
import type { OutboundMessage } from '../../domain/messages/outbound-message.ts';
import type { PricedSend } from './prepare-send.ts';
import type { SentMessage } from './send-message.use-case.ts';
import { SUBMIT_MESSAGE_JOB, SUBMIT_MESSAGES_JOB, SUBMIT_MESSAGES_MAX, UNSENT_GUARD_DELAY_MS, UNSENT_MESSAGE_GUARD_JOB } from './sending-jobs.ts';

/** Messages due now, as SUBMIT_MESSAGES_JOB payloads: per account, at most SUBMIT_MESSAGES_MAX a job. */
function submissionsByAccount(messages: readonly OutboundMessage[]): { payload: { messageIds: string[] }; options: { group: string } }[] {
  const byAccount = new Map<string, string[]>();
  for (const message of messages) byAccount.set(message.accountId, [...(byAccount.get(message.accountId) ?? []), message.id]);
  return [...byAccount].flatMap(([accountId, ids]) =>
    Array.from({ length: Math.ceil(ids.length / SUBMIT_MESSAGES_MAX) }, (_, chunk) => ({
      payload: { messageIds: ids.slice(chunk * SUBMIT_MESSAGES_MAX, (chunk + 1) * SUBMIT_MESSAGES_MAX) },
      options: { group: accountId },
    })),
  );
}

/**
 * The last send step, in the unit of work that stored the accepted messages: a job for each
 * scheduled one at its time, the ones due now in jobs of up to SUBMIT_MESSAGES_MAX per account,
 * and for those their callers submit themselves one guard that fails and refunds what they never
 * recorded (with the Idempotency-Key claims to answer then).
 */
export class EnqueueSubmissions {
  constructor(private readonly jobs: JobScheduler) {}

  async enqueue(sends: readonly PricedSend[], accepted: readonly SentMessage[]): Promise<void> {
    const byCaller = new Set(sends.filter((send) => send.submission !== 'queued').map((send) => send.message.id));
    const byJobs = accepted.map(({ message }) => message).filter((message) => !byCaller.has(message.id));
    await this.jobs.enqueueMany(
      SUBMIT_MESSAGE_JOB,
      byJobs.filter((message) => message.scheduledAt).map((message) => ({ payload: { messageId: message.id, attempt: 0 }, options: { group: message.accountId, startAfter: message.scheduledAt! } })),
    );
    await this.jobs.enqueueMany(SUBMIT_MESSAGES_JOB, submissionsByAccount(byJobs.filter((message) => !message.scheduledAt)));
    const ownSubmissions = accepted.map(({ message }) => message).filter((message) => byCaller.has(message.id));
    if (ownSubmissions.length === 0) return;
    const lastCreated = Math.max(...ownSubmissions.map((message) => message.createdAt.getTime()));
    const own = new Set(ownSubmissions.map((message) => message.id));
    const claims = sends.flatMap(({ message, idempotency }) => (idempotency && own.has(message.id) ? [{ messageId: message.id, claim: idempotency.claim }] : []));
    await this.jobs.enqueue(UNSENT_MESSAGE_GUARD_JOB, { messageIds: [...own], claims }, { startAfter: new Date(lastCreated + UNSENT_GUARD_DELAY_MS) });
  }
}
