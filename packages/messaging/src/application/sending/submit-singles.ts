import { GroupCommit, type GroupCommitOptions, type JobScheduler } from '@tuma/kernel';
import type { MessageRepository } from '../messages/message.repository.port.ts';
import type { OutboundMessage } from '../../domain/messages/outbound-message.ts';
import type { ClaimMessages } from './claim-messages.ts';
import { NOTHING_DISPATCHED, reportOf, type DispatchOutcome, type DispatchReport } from './dispatch-report.ts';
import { SUBMIT_MESSAGE_JOB } from './sending-jobs.ts';
import type { SubmitMessages } from './submit-messages.ts';

/** Most single-message submissions dispatched together: two job workers' fetches of 32. */
const SINGLES_BATCH_MAX = 64;

interface SingleSubmission {
  readonly messageId: string;
  readonly attempt: number;
}

/**
 * The jobs of one message each (a single send, a scheduled send, a retry) that run at the same time
 * (the jobs a worker fetched together), dispatched together: one claim and one record for all of
 * them, each message its own report.
 */
export class SubmitSingles {
  private readonly batches: GroupCommit<SingleSubmission, PromiseSettledResult<DispatchReport>>;

  constructor(
    private readonly messages: MessageRepository,
    private readonly jobs: JobScheduler,
    private readonly claims: ClaimMessages,
    private readonly submissions: SubmitMessages,
    /** How they are gathered: batches at once, and (`around`) a fresh database context per batch. */
    gathering: Omit<GroupCommitOptions, 'maxBatch'>,
  ) {
    this.batches = new GroupCommit((items) => this.together(items), { maxBatch: SINGLES_BATCH_MAX, ...gathering });
  }

  /** Message `messageId` at attempt `attempt` (its retry count); throws what its job would. */
  async submit(messageId: string, attempt: number): Promise<DispatchReport> {
    const settled = await this.batches.submit({ messageId, attempt });
    if (settled.status === 'rejected') throw settled.reason;
    return settled.value;
  }

  /**
   * A batch whose claim fails (a fault of one message, or of the database) is claimed again one
   * message at a time, so one message's fault fails its job alone. A fault after the gateway calls
   * fails every job of the batch, as it would each job alone: their retries find the messages
   * `sent` and decide as after any death mid-submission.
   */
  private async together(items: readonly SingleSubmission[]): Promise<PromiseSettledResult<DispatchReport>[]> {
    // A message asked for twice (a stale job and the current retry) goes at the attempt its row is
    // at, as the job of that attempt would alone; the other asks dispatch nothing.
    const asked = new Map<string, number[]>();
    for (const { messageId, attempt } of items) asked.set(messageId, [...(asked.get(messageId) ?? []), attempt]);
    const chosen = new Map<string, number>();
    let dispatched: OutboundMessage[];
    try {
      dispatched = await this.claims.claim(
        async () => {
          const rows = await this.messages.lockByIds([...asked.keys()]);
          for (const row of rows) {
            const attempts = asked.get(row.id)!;
            chosen.set(row.id, attempts.includes(row.delivery.retryCount) ? row.delivery.retryCount : attempts[0]!);
          }
          return rows;
        },
        (row) => chosen.get(row.id)!,
        (startAfter, held) =>
          Promise.all(held.map((row) => this.jobs.enqueue(SUBMIT_MESSAGE_JOB, { messageId: row.id, attempt: chosen.get(row.id)! }, { startAfter, group: row.accountId }))),
      );
    } catch (error) {
      if (items.length === 1) return [{ status: 'rejected', reason: error }];
      return Promise.all(items.map(async (item) => (await this.together([item]))[0]!));
    }
    let outcomes: Map<string, DispatchOutcome | undefined>;
    try {
      outcomes = await this.submissions.submitAll(dispatched);
    } catch (error) {
      return items.map(() => ({ status: 'rejected', reason: error }));
    }
    const reported = new Set<string>();
    return items.map(({ messageId, attempt }) => {
      if (reported.has(messageId) || !outcomes.has(messageId) || chosen.get(messageId) !== attempt) return { status: 'fulfilled', value: NOTHING_DISPATCHED };
      reported.add(messageId);
      return { status: 'fulfilled', value: reportOf([outcomes.get(messageId)]) };
    });
  }
}
