import { escapeHtml as e } from '../../http/html.ts';
import { csrfField } from './layout.ts';
import type { ViewContext } from './view-context.ts';

/** Messages per field name, and one for the whole form. */
export interface FormErrors {
  readonly fields: Readonly<Record<string, string>>;
  readonly form?: string;
}

export const NO_ERRORS: FormErrors = { fields: {} };

export interface FieldOptions {
  readonly name: string;
  readonly label: string;
  readonly type?: 'text' | 'email' | 'password' | 'url' | 'number' | 'tel' | 'file' | 'datetime-local';
  readonly value?: string;
  readonly hint?: string;
  readonly autocomplete?: string;
  readonly required?: boolean;
  readonly multiline?: boolean;
  readonly extra?: string;
}

/** A labelled input with its hint and its error beside it (`aria-describedby`, `aria-invalid`). */
export function field(options: FieldOptions, errors: FormErrors = NO_ERRORS): string {
  const id = `f-${options.name}`;
  const error = errors.fields[options.name];
  const described = [options.hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ');
  const attributes = [
    `id="${id}"`,
    `name="${e(options.name)}"`,
    options.required ? 'required' : '',
    options.autocomplete ? `autocomplete="${e(options.autocomplete)}"` : '',
    described ? `aria-describedby="${described}"` : '',
    error ? 'aria-invalid="true"' : '',
    options.extra ?? '',
  ]
    .filter(Boolean)
    .join(' ');
  const control = options.multiline
    ? `<textarea ${attributes}>${e(options.value ?? '')}</textarea>`
    : `<input type="${options.type ?? 'text'}" ${attributes}${options.value !== undefined && options.type !== 'password' ? ` value="${e(options.value)}"` : ''}>`;
  return `<label for="${id}">${e(options.label)}</label>
${control}${options.hint ? `\n<p class="hint" id="${id}-hint">${e(options.hint)}</p>` : ''}${error ? `\n<p class="field-error" id="${id}-error">${e(error)}</p>` : ''}`;
}

/** A group of checkboxes or radio buttons under a legend. */
export function choices(input: { name: string; legend: string; type: 'checkbox' | 'radio'; options: readonly { value: string; label: string; checked?: boolean }[] }, errors: FormErrors = NO_ERRORS): string {
  const error = errors.fields[input.name];
  const boxes = input.options
    .map((option) => `<label><input type="${input.type}" name="${e(input.name)}" value="${e(option.value)}"${option.checked ? ' checked' : ''}> ${e(option.label)}</label>`)
    .join('\n');
  return `<fieldset${error ? ` aria-describedby="f-${e(input.name)}-error"` : ''}><legend>${e(input.legend)}</legend>
${boxes}${error ? `\n<p class="field-error" id="f-${e(input.name)}-error">${e(error)}</p>` : ''}
</fieldset>`;
}

/** A POST form with the session's form token, its error for the whole form first. */
export function form(view: ViewContext, action: string, body: string, submit: string, errors: FormErrors = NO_ERRORS, attributes = ''): string {
  const alert = errors.form ? `<p class="alert" role="alert" id="form-error">${e(errors.form)}</p>\n` : '';
  return `${alert}<form method="post" action="${e(action)}" novalidate${attributes ? ` ${attributes}` : ''}>
${csrfField(view)}
${body}
<button type="submit">${e(submit)}</button>
</form>`;
}

/** A one-button form (revoke, redeliver, rotate): the button names the action and what it acts on. */
export const buttonForm = (view: ViewContext, action: string, label: string, options: { danger?: boolean; accessibleName?: string } = {}): string =>
  `<form class="inline" method="post" action="${e(action)}">${csrfField(view)}<button type="submit"${options.danger ? ' class="danger"' : ''}${
    options.accessibleName ? ` aria-label="${e(options.accessibleName)}"` : ''
  }>${e(label)}</button></form>`;
