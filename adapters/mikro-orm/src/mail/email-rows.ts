import type { Insertable, Selectable } from 'kysely';
import type { EmailEvent, EmailEventType, EmailSnapshot, EmailStatus } from '@tuma/mail';
import type { EmailEventTable, EmailTable } from '../database/tables.ts';

/** What `content` holds: the message's fields that no filter reads. */
type StoredContent = Pick<EmailSnapshot, 'from' | 'to' | 'cc' | 'bcc' | 'replyTo' | 'html' | 'text' | 'attachments' | 'headers'>;

/** The columns an email is read from: not the filters' copies (`from_address`, `recipients`). */
export const EMAIL_COLUMNS = ['id', 'account_id', 'domain_id', 'subject', 'tags', 'content', 'status', 'message_id', 'scheduled_at', 'created_at', 'updated_at'] as const;

export const emailRow = (e: EmailSnapshot, recipients: readonly string[]): Insertable<EmailTable> => {
  const content: StoredContent = { from: e.from, to: e.to, cc: e.cc, bcc: e.bcc, replyTo: e.replyTo, html: e.html, text: e.text, attachments: e.attachments, headers: e.headers };
  return {
    id: e.id,
    account_id: e.accountId,
    domain_id: e.domainId,
    from_address: e.from.address.toLowerCase(),
    recipients: JSON.stringify(recipients),
    subject: e.subject,
    tags: JSON.stringify(e.tags),
    content: JSON.stringify(content),
    status: e.status,
    message_id: e.messageId,
    scheduled_at: e.scheduledAt,
    created_at: e.createdAt,
    updated_at: e.updatedAt,
  };
};

export const emailOf = (row: Pick<Selectable<EmailTable>, (typeof EMAIL_COLUMNS)[number]>): EmailSnapshot => ({
  ...(row.content as StoredContent),
  id: row.id,
  accountId: row.account_id,
  domainId: row.domain_id,
  subject: row.subject,
  tags: row.tags as EmailSnapshot['tags'],
  status: row.status as EmailStatus,
  messageId: row.message_id,
  scheduledAt: row.scheduled_at === null ? null : new Date(row.scheduled_at),
  createdAt: new Date(row.created_at),
  updatedAt: new Date(row.updated_at),
});

/** The email's own steps are stored with recipient '' (a key column cannot be null). */
export const eventRow = (event: EmailEvent): Insertable<EmailEventTable> => ({ email_id: event.emailId, type: event.type, recipient: event.recipient ?? '', at: event.at, reason: event.reason });

export const eventOf = (row: Selectable<EmailEventTable>): EmailEvent => ({ emailId: row.email_id, type: row.type as EmailEventType, recipient: row.recipient || null, at: new Date(row.at), reason: row.reason });
