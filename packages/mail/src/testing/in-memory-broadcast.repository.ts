import { UndoableMap } from '@tuma/kernel/testing';
import type { BroadcastRepository } from '../application/broadcasts/broadcast.repository.port.ts';
import type { SuppressionList } from '../application/suppressions/suppression-list.port.ts';
import { BROADCAST_RECIPIENT_STATES, type BroadcastAudience, type BroadcastProgress, type BroadcastRecipient, type BroadcastRecipientState, type BroadcastSnapshot } from '../domain/broadcasts/broadcast.ts';
import type { EmailStatus } from '../domain/emails/email.aggregate.ts';
import type { InMemoryMailContactRepository } from './in-memory-mail-contact.repository.ts';

interface RecipientRow extends BroadcastRecipient {
  readonly state: BroadcastRecipientState;
  readonly emailId: string | null;
}

/**
 * Broadcasts and their recipients in maps, snapshotting the in-memory contacts and suppression
 * list; an email's status is read through `emailStatus` (the emails live elsewhere).
 */
export class InMemoryBroadcastRepository implements BroadcastRepository {
  private readonly rows = new UndoableMap<string, BroadcastSnapshot>();
  /** Per broadcast: its recipients by seq, each row replaced as it changes (so that a rollback puts it back). */
  private readonly recipients = new UndoableMap<string, UndoableMap<number, RecipientRow>>();

  constructor(
    private readonly contacts: InMemoryMailContactRepository,
    private readonly suppressions: SuppressionList,
    private readonly emailStatus: (emailId: string) => EmailStatus | undefined = () => 'queued',
  ) {}

  async create(broadcast: BroadcastSnapshot): Promise<BroadcastAudience> {
    const contacts = this.contacts.contactsOf(broadcast.listId);
    const suppressed = await this.suppressions.suppressed(broadcast.accountId, contacts.map((c) => c.email));
    const rows = contacts.map((c, seq): RecipientRow => ({
      seq,
      contactId: c.id,
      email: c.email,
      firstName: c.firstName,
      lastName: c.lastName,
      data: c.data,
      state: c.unsubscribed ? 'skipped_unsubscribed' : suppressed.has(c.email) ? 'skipped_suppressed' : 'pending',
      emailId: null,
    }));
    this.rows.set(broadcast.id, broadcast);
    this.recipients.set(broadcast.id, new UndoableMap(rows.map((row) => [row.seq, row])));
    const count = (state: BroadcastRecipientState) => rows.filter((row) => row.state === state).length;
    return { recipients: rows.length, pending: count('pending'), skippedUnsubscribed: count('skipped_unsubscribed'), skippedSuppressed: count('skipped_suppressed') };
  }

  async find(accountId: string, id: string): Promise<BroadcastSnapshot | undefined> {
    const broadcast = this.rows.get(id);
    return broadcast?.accountId === accountId ? broadcast : undefined;
  }

  async findById(id: string): Promise<BroadcastSnapshot | undefined> {
    return this.rows.get(id);
  }

  async list(accountId: string, page: { readonly after?: string; readonly limit: number }): Promise<readonly BroadcastSnapshot[]> {
    return [...this.rows.values()]
      .filter((b) => b.accountId === accountId && (page.after === undefined || b.id < page.after))
      .sort((a, b) => (a.id < b.id ? 1 : -1))
      .slice(0, page.limit);
  }

  async claim(broadcastId: string, from: number, to: number): Promise<readonly BroadcastRecipient[]> {
    const unsubscribed = new Set(this.contacts.contactsOf(this.rows.get(broadcastId)?.listId ?? '').filter((c) => c.unsubscribed).map((c) => c.id));
    const claimed: BroadcastRecipient[] = [];
    const rows = this.recipientsOf(broadcastId);
    for (const row of rows.values()) {
      if (row.seq < from || row.seq >= to || row.state !== 'pending') continue;
      const state = unsubscribed.has(row.contactId) ? 'skipped_unsubscribed' : 'queued';
      rows.set(row.seq, { ...row, state });
      if (state === 'queued') claimed.push({ seq: row.seq, contactId: row.contactId, email: row.email, firstName: row.firstName, lastName: row.lastName, data: row.data });
    }
    return claimed;
  }

  async linkEmails(broadcastId: string, emails: readonly { readonly seq: number; readonly emailId: string }[]): Promise<void> {
    const rows = this.recipientsOf(broadcastId);
    for (const { seq, emailId } of emails) {
      const row = rows.get(seq);
      if (!row) throw new Error(`Broadcast ${broadcastId} has no recipient ${seq}`);
      rows.set(seq, { ...row, emailId });
    }
  }

  async cancel(broadcastId: string, at: Date): Promise<number> {
    const broadcast = this.rows.get(broadcastId);
    if (broadcast && !broadcast.cancelledAt) this.rows.set(broadcastId, { ...broadcast, cancelledAt: at });
    let cancelled = 0;
    const rows = this.recipientsOf(broadcastId);
    for (const row of rows.values()) {
      if (row.state !== 'pending') continue;
      rows.set(row.seq, { ...row, state: 'cancelled' });
      cancelled++;
    }
    return cancelled;
  }

  async progress(broadcastId: string): Promise<BroadcastProgress> {
    const states = Object.fromEntries(BROADCAST_RECIPIENT_STATES.map((state) => [state, 0])) as Record<BroadcastRecipientState, number>;
    const emails: Partial<Record<EmailStatus, number>> = {};
    for (const row of this.recipientsOf(broadcastId).values()) {
      states[row.state]++;
      const status = row.emailId === null ? undefined : this.emailStatus(row.emailId);
      if (status) emails[status] = (emails[status] ?? 0) + 1;
    }
    return { states, emails };
  }

  private recipientsOf(broadcastId: string): UndoableMap<number, RecipientRow> {
    return this.recipients.get(broadcastId) ?? new UndoableMap();
  }
}
