import { MAIL_CONTACT_DATA_KEY } from '../contacts/mail-contact.ts';
import type { FieldIssue } from '@tuma/kernel';

/** What a placeholder is filled from, for one recipient. */
export interface TemplateValues {
  readonly email: string;
  readonly firstName: string | null;
  readonly lastName: string | null;
  readonly data: Readonly<Record<string, string>>;
  /** The recipient's signed unsubscribe link (`{{unsubscribe_url}}`). */
  readonly unsubscribeUrl: string;
}

/** `{{ name }}` or `{{ name | fallback }}`: the fallback stands in for an empty or missing value. */
const PLACEHOLDER = /\{\{\s*([^{}|]*?)\s*(?:\|([^{}]*))?\}\}/g;
const FIELDS = ['first_name', 'last_name', 'email', 'unsubscribe_url'] as const;

const HTML_ESCAPES: Readonly<Record<string, string>> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char]!);

const known = (name: string): boolean => (FIELDS as readonly string[]).includes(name) || (name.startsWith('data.') && MAIL_CONTACT_DATA_KEY.test(name.slice('data.'.length)));

/**
 * The placeholders of a broadcast's field that name nothing a contact has: `{{first_name}}`,
 * `{{last_name}}`, `{{email}}`, `{{data.key}}` and `{{unsubscribe_url}}` are known (names in any
 * spacing, keys case-sensitive). One issue per unknown placeholder, naming the field.
 */
export function templateIssues(field: string, template: string | undefined): FieldIssue[] {
  if (!template) return [];
  return [...template.matchAll(PLACEHOLDER)].flatMap(([whole, name]) =>
    known(name!) ? [] : [{ path: field, message: `Unknown placeholder ${whole}: use {{first_name}}, {{last_name}}, {{email}}, {{data.key}} or {{unsubscribe_url}}` }],
  );
}

function valueOf(name: string, values: TemplateValues): string {
  switch (name) {
    case 'first_name':
      return values.firstName ?? '';
    case 'last_name':
      return values.lastName ?? '';
    case 'email':
      return values.email;
    case 'unsubscribe_url':
      return values.unsubscribeUrl;
    default:
      return values.data[name.slice('data.'.length)] ?? '';
  }
}

/**
 * The template with each placeholder filled for one recipient: a missing or empty value is the
 * placeholder's fallback, else empty. `html` escapes the values (a contact's data is text, never
 * markup); `line` makes them one line (a subject).
 */
export function renderTemplate(template: string, values: TemplateValues, as: 'html' | 'text' | 'line'): string {
  return template.replace(PLACEHOLDER, (whole, name: string, fallback: string | undefined) => {
    if (!known(name)) return whole;
    const value = valueOf(name, values) || fallback?.trim() || '';
    if (as === 'html') return escapeHtml(value);
    return as === 'line' ? value.replace(/[\r\n]+/g, ' ') : value;
  });
}
