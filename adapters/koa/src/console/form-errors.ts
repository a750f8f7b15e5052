import type { DomainError } from '@tuma/kernel';
import { isAppError, toHttpError } from '../http/domain-error-status.ts';
import type { FormErrors } from './layout/form.ts';

/**
 * A use case's refusal as a form shows it: the status the API answers (one table for both), each
 * detail next to its field (a detail's path, or its first segment, is the field's name, or mapped
 * by `fields`), the rest above the form.
 */
export function refusal(error: DomainError, fields: Readonly<Record<string, string>> = {}): { status: number; errors: FormErrors } {
  if (!isAppError(error)) throw new Error(`Domain error without an HTTP status: ${error.type}`);
  const http = toHttpError(error);
  const byField: Record<string, string> = {};
  const elsewhere: string[] = [];
  for (const detail of http.details ?? []) {
    // `countries.3` (an entry of a list) is said next to the list's field.
    const base = detail.path.split(/[.[]/)[0]!;
    const name = fields[detail.path] ?? fields[base] ?? base;
    if (name) byField[name] = byField[name] ? `${byField[name]} ${detail.message}` : detail.message;
    else elsewhere.push(detail.message);
  }
  const form = Object.keys(byField).length > 0 && elsewhere.length === 0 ? undefined : [http.message, ...elsewhere].join(' ');
  return { status: http.status, errors: { fields: byField, form } };
}

/** One field's error, for input the page checks itself before any use case (an empty field). */
export const fieldRefusal = (name: string, message: string): { status: number; errors: FormErrors } => ({ status: 422, errors: { fields: { [name]: message } } });

/**
 * A form checked by the API route's own body schema (one set of rules for both): the value, or
 * each issue next to the field it names (422, as the API answers).
 */
export function checkedBy<T>(schema: { safeParse(input: unknown): { success: true; data: T } | { success: false; error: { issues: readonly { path: readonly PropertyKey[]; message: string }[] } } }, input: unknown):
  | { readonly ok: true; readonly value: T }
  | { readonly ok: false; readonly status: number; readonly errors: FormErrors } {
  const parsed = schema.safeParse(input);
  if (parsed.success) return { ok: true, value: parsed.data };
  const fields: Record<string, string> = {};
  for (const issue of parsed.error.issues) {
    const name = String(issue.path[0] ?? '');
    fields[name] = fields[name] ? `${fields[name]} ${issue.message}` : issue.message;
  }
  const form = fields[''];
  delete fields[''];
  return { ok: false, status: 422, errors: { fields, ...(form ? { form } : {}) } };
}
