import type { EmailEvent, EmailEventType, EmailSnapshot, EmailStatus } from '@tuma/mail';

/** What `content` holds: the message's fields that no filter reads. */
type StoredContent = Pick<EmailSnapshot, 'from' | 'to' | 'cc' | 'bcc' | 'replyTo' | 'html' | 'text' | 'attachments' | 'headers'>;

/** An `email` row as the driver reads it (timestamps as ISO text, JSON parsed). */
export interface EmailRow {
  readonly id: string;
  readonly account_id: string;
  readonly domain_id: string | null;
  readonly subject: string;
  readonly tags: EmailSnapshot['tags'];
  readonly content: StoredContent;
  readonly status: EmailStatus;
  readonly message_id: string | null;
  readonly scheduled_at: string | null;
  readonly created_at: string;
  readonly updated_at: string;
}

export const EMAIL_COLUMNS = `id, account_id, domain_id, subject, tags, content, status, message_id, scheduled_at::text as scheduled_at,
  created_at::text as created_at, updated_at::text as updated_at`;

export const INSERT_EMAIL = `insert into email (id, account_id, domain_id, from_address, recipients, subject, tags, content, status, message_id, scheduled_at, created_at, updated_at)
  values (?, ?, ?, ?, ?::jsonb, ?, ?::jsonb, ?::jsonb, ?, ?, ?::timestamptz, ?::timestamptz, ?::timestamptz)`;

export const emailValues = (e: EmailSnapshot, recipients: readonly string[]): unknown[] => {
  const content: StoredContent = { from: e.from, to: e.to, cc: e.cc, bcc: e.bcc, replyTo: e.replyTo, html: e.html, text: e.text, attachments: e.attachments, headers: e.headers };
  return [
    e.id,
    e.accountId,
    e.domainId,
    e.from.address.toLowerCase(),
    JSON.stringify(recipients),
    e.subject,
    JSON.stringify(e.tags),
    JSON.stringify(content),
    e.status,
    e.messageId,
    e.scheduledAt?.toISOString() ?? null,
    e.createdAt.toISOString(),
    e.updatedAt.toISOString(),
  ];
};

export const emailFromRow = (row: EmailRow): EmailSnapshot => ({
  ...row.content,
  id: row.id,
  accountId: row.account_id,
  domainId: row.domain_id,
  subject: row.subject,
  tags: row.tags,
  status: row.status,
  messageId: row.message_id,
  scheduledAt: row.scheduled_at === null ? null : new Date(row.scheduled_at),
  createdAt: new Date(row.created_at),
  updatedAt: new Date(row.updated_at),
});

export interface EmailEventRow {
  readonly email_id: string;
  readonly type: EmailEventType;
  readonly recipient: string;
  readonly at: string;
  readonly reason: string | null;
}

/** The email's own steps are stored with recipient '' (a key column cannot be null). */
export const eventFromRow = (row: EmailEventRow): EmailEvent => ({ emailId: row.email_id, type: row.type, recipient: row.recipient || null, at: new Date(row.at), reason: row.reason });
