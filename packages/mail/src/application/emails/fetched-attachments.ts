import { base64, type FieldIssue } from '@tuma/kernel';
import { MAX_EMAIL_BYTES, type RawAttachment } from '../../domain/emails/email-content.ts';
import type { AttachmentSource } from './attachment-source.port.ts';

/**
 * The attachments with each `path` replaced by the file it names (base64 `content`, its content
 * type unless one was given), all fetched at once; a file that could not be fetched is an issue
 * naming `attachments.N.path`. No file may pass the email's 40 MB: the whole is checked after.
 */
export async function fetchedAttachments(source: AttachmentSource, attachments: readonly RawAttachment[]): Promise<{ readonly attachments: RawAttachment[]; readonly issues: FieldIssue[] }> {
  const issues: FieldIssue[] = [];
  const resolved = await Promise.all(
    attachments.map(async (attachment, index): Promise<RawAttachment> => {
      if (attachment.path === undefined || attachment.content !== undefined) return attachment;
      const fetched = await source.fetch(attachment.path, MAX_EMAIL_BYTES);
      if (fetched.isErr()) {
        issues.push({ path: `attachments.${index}.path`, message: `Not fetched: ${fetched.error}` });
        return attachment;
      }
      const { path: _fetched, ...rest } = attachment;
      const contentType = attachment.contentType ?? fetched.value.contentType?.split(';')[0]?.trim();
      return { ...rest, content: base64(fetched.value.bytes), ...(contentType ? { contentType } : {}) };
    }),
  );
  return { attachments: resolved, issues };
}
