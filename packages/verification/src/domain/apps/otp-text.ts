import { fieldError, err, ok, type Result, type ValidationError } from '@tuma/kernel';
import { segmentMessage } from '@tuma/messaging';

/** The placeholders an app's template may use; `{{code}}` is required. */
export const OTP_PLACEHOLDERS = ['code', 'brand', 'minutes'] as const;

const PLACEHOLDER = /\{\{\s*([a-z_]+)\s*\}\}/g;

export interface OtpTextValues {
  readonly code: string;
  readonly brand: string;
  readonly minutes: number;
}

/** The template with its placeholders filled. */
export function renderOtpText(template: string, values: OtpTextValues): string {
  return template.replace(PLACEHOLDER, (_, name: string) => (name === 'code' ? values.code : name === 'brand' ? values.brand : String(values.minutes)));
}

/**
 * The text as we keep it (message rows, lists, webhooks, logs): the code replaced by as many `*`
 * as it has digits, so it segments and prices exactly as the text the carrier gets.
 */
export const maskedOtpText = (template: string, values: OtpTextValues): string => renderOtpText(template, { ...values, code: '*'.repeat(values.code.length) });

/**
 * Checks a template: `{{code}}` present, no other placeholders than {{brand}} and {{minutes}}, and
 * the rendered text (a code of `codeLength` digits) one GSM-7 segment: an OTP that costs two SMS or
 * arrives as Unicode is a mistake worth a 422.
 */
export function checkOtpTemplate(template: string, values: Omit<OtpTextValues, 'code'> & { readonly codeLength: number }): Result<string, ValidationError> {
  const names = [...template.matchAll(PLACEHOLDER)].map((match) => match[1]!);
  const unknown = names.filter((name) => !(OTP_PLACEHOLDERS as readonly string[]).includes(name));
  if (unknown.length > 0) return err(fieldError('template', `Unknown placeholder {{${unknown[0]}}}: use {{code}}, {{brand}} and {{minutes}}`));
  if (!names.includes('code')) return err(fieldError('template', 'The template must contain {{code}}'));
  const rendered = renderOtpText(template, { ...values, code: '0'.repeat(values.codeLength) });
  const segmented = segmentMessage(rendered);
  if (segmented.encoding !== 'GSM7') return err(fieldError('template', 'The rendered text needs Unicode (UCS-2): use GSM-7 characters only, so that it fits one 160-character SMS'));
  if (segmented.segments > 1) return err(fieldError('template', `The rendered text is ${segmented.units} GSM-7 characters: at most 160 fit one SMS`));
  return ok(template);
}
