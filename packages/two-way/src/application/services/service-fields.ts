import type { FieldIssue } from '@tuma/kernel';

export const SERVICE_TEXT_MAX_LENGTH = 500;
/** One SMS of Unicode text at most would be 70; auto-replies may run to several segments, billed as such. */
export const AUTO_REPLY_MAX_LENGTH = 459;

/** A required free-text field: not blank, not too long. */
export function checkRequiredText(path: string, raw: string, max = SERVICE_TEXT_MAX_LENGTH): FieldIssue[] {
  const text = raw.trim();
  if (text.length === 0) return [{ path, message: 'Required' }];
  return text.length > max ? [{ path, message: `At most ${max} characters` }] : [];
}

/** KYC documents and webhooks are fetched or posted over the internet: HTTPS only. */
export function checkHttpsUrl(path: string, raw: string): FieldIssue[] {
  return URL.canParse(raw) && new URL(raw).protocol === 'https:' ? [] : [{ path, message: 'An https:// URL' }];
}

/** An address to copy inbound messages to: the shape only (the Mailer reports what it cannot deliver). */
export function checkEmail(path: string, raw: string): FieldIssue[] {
  return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(raw) && raw.length <= 254 ? [] : [{ path, message: 'An email address' }];
}
