import { err, ok, validationError, type FieldIssue, type Result, type ValidationError } from '@tuma/kernel';
import type { MailAddress, MailParts } from './mail-address.ts';
import { EmailAddress } from './email-address.value-object.ts';
import type { EmailTag, StoredAttachment } from './email.aggregate.ts';
import { textFromHtml } from './text-from-html.ts';

/** The whole message's content, attachments decoded, at most (as Resend and Postmark allow). */
export const MAX_EMAIL_BYTES = 40 * 1024 * 1024;
export const MAX_RECIPIENTS = 50;
const MAX_SUBJECT = 998;

/** Headers the message's own fields and its signature write: given as `headers`, they would contradict them. */
const RESERVED_HEADERS = new Set(['from', 'to', 'cc', 'bcc', 'reply-to', 'subject', 'date', 'message-id', 'sender', 'return-path', 'dkim-signature', 'mime-version', 'content-type', 'content-transfer-encoding']);
const HEADER_NAME = /^[!-9;-~]{1,76}$/;
const TAG_PART = /^[A-Za-z0-9_-]{1,256}$/;
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

export interface RawAttachment {
  readonly filename: string;
  /** Base64. */
  readonly content?: string;
  /** An https URL the file is fetched from when the email is accepted (`fetchedAttachments`), instead of `content`. */
  readonly path?: string;
  readonly contentType?: string;
}

export interface RawEmailContent {
  readonly from: string;
  readonly to: readonly string[];
  readonly cc?: readonly string[];
  readonly bcc?: readonly string[];
  readonly replyTo?: readonly string[];
  readonly subject: string;
  readonly html?: string;
  readonly text?: string;
  readonly attachments?: readonly RawAttachment[];
  readonly headers?: Readonly<Record<string, string>>;
  readonly tags?: readonly EmailTag[];
}

export interface EmailContent extends MailParts {
  readonly from: EmailAddress;
  readonly attachments: readonly StoredAttachment[];
  readonly tags: readonly EmailTag[];
}

const asMailAddress = (address: EmailAddress): MailAddress => (address.name ? { address: address.address, name: address.name } : { address: address.address });

/** Every issue of the content at once, each naming its field (`to.2`, `attachments.0.content`): a client fixes them in one go. */
export function checkEmailContent(raw: RawEmailContent): Result<EmailContent, ValidationError> {
  const issues: FieldIssue[] = [];
  const address = (value: string, path: string): EmailAddress | undefined => {
    const parsed = EmailAddress.create(value);
    if (parsed.isErr()) issues.push({ path, message: parsed.error });
    return parsed.unwrapOr(undefined);
  };
  const addresses = (values: readonly string[] | undefined, field: string): MailAddress[] =>
    (values ?? []).flatMap((value, index) => {
      const parsed = address(value, `${field}.${index}`);
      return parsed ? [asMailAddress(parsed)] : [];
    });

  const from = address(raw.from, 'from');
  const to = addresses(raw.to, 'to');
  if (raw.to.length === 0 || raw.to.length > MAX_RECIPIENTS) issues.push({ path: 'to', message: `Between 1 and ${MAX_RECIPIENTS} recipients` });
  const cc = addresses(raw.cc, 'cc');
  const bcc = addresses(raw.bcc, 'bcc');
  const replyTo = addresses(raw.replyTo, 'reply_to');
  if (raw.subject.trim() === '' || raw.subject.length > MAX_SUBJECT || /[\r\n]/.test(raw.subject)) issues.push({ path: 'subject', message: `One line of 1 to ${MAX_SUBJECT} characters` });
  if (!raw.html && !raw.text) issues.push({ path: 'html', message: 'html or text is required' });
  const attachments = checkAttachments(raw.attachments ?? [], issues);
  checkHeaders(raw.headers ?? {}, issues);
  (raw.tags ?? []).forEach((tag, index) => {
    if (!TAG_PART.test(tag.name)) issues.push({ path: `tags.${index}.name`, message: 'Letters, digits, _ and -, up to 256' });
    if (!TAG_PART.test(tag.value)) issues.push({ path: `tags.${index}.value`, message: 'Letters, digits, _ and -, up to 256' });
  });
  const html = raw.html || null;
  const text = raw.text || (html ? textFromHtml(html) : null);
  const size = utf8Length(html ?? '') + utf8Length(text ?? '') + attachments.reduce((total, attachment) => total + decodedLength(attachment.content), 0);
  if (size > MAX_EMAIL_BYTES) issues.push({ path: 'attachments', message: `The email is ${size} bytes; at most ${MAX_EMAIL_BYTES} (40 MB) with its attachments` });

  if (issues.length > 0 || !from) return err(validationError(issues));
  return ok({ from, to, cc, bcc, replyTo, subject: raw.subject, html, text, attachments, headers: raw.headers ?? {}, tags: raw.tags ?? [] });
}

const utf8Length = (text: string): number => new TextEncoder().encode(text).length;
const decodedLength = (base64: string): number => Math.floor((base64.length * 3) / 4) - (base64.endsWith('==') ? 2 : base64.endsWith('=') ? 1 : 0);

function checkAttachments(attachments: readonly RawAttachment[], issues: FieldIssue[]): StoredAttachment[] {
  return attachments.flatMap((attachment, index) => {
    const at = `attachments.${index}`;
    if (attachment.filename.trim() === '' || /[\r\n/\\]/.test(attachment.filename)) issues.push({ path: `${at}.filename`, message: 'A file name, without line breaks or slashes' });
    if (attachment.path !== undefined) {
      issues.push({ path: `${at}.path`, message: attachment.content === undefined ? 'Attachments by URL are not fetched here: send the file as content (base64)' : 'Either content or path, not both' });
      return [];
    }
    const content = attachment.content?.replace(/\s+/g, '') ?? '';
    if (content === '' || content.length % 4 !== 0 || !BASE64.test(content)) {
      issues.push({ path: `${at}.content`, message: 'The file in base64' });
      return [];
    }
    return [{ filename: attachment.filename, content, contentType: attachment.contentType ?? null }];
  });
}

function checkHeaders(headers: Readonly<Record<string, string>>, issues: FieldIssue[]): void {
  for (const [name, value] of Object.entries(headers)) {
    if (!HEADER_NAME.test(name)) issues.push({ path: `headers.${name}`, message: 'Not a header name' });
    else if (RESERVED_HEADERS.has(name.toLowerCase())) issues.push({ path: `headers.${name}`, message: `${name} is written from the email's own fields` });
    if (/[\r\n]/.test(value)) issues.push({ path: `headers.${name}`, message: 'A header value is one line' });
  }
}
