import { err, ok, validationError, type FieldIssue, type Result, type ValidationError } from '@tuma/kernel';
import { lengthOf, NAME_CONTROL, TEXT_CONTROL, UNPAIRED_SURROGATE } from '../text-rules.ts';

/** The spec's template name: 1 to 80 characters. */
export const TEMPLATE_NAME_MAX_LENGTH = 80;
/** Ten GSM-7 segments' worth (10 x 160): far above any message a template can sensibly render. */
export const TEMPLATE_TEXT_MAX_LENGTH = 1600;
/** The spec's "Templates list": up to 500 per page, 200 by default. */
export const TEMPLATE_LIST_MAX_LIMIT = 500;
export const TEMPLATE_LIST_DEFAULT_LIMIT = 200;

export interface TemplateContent {
  readonly name: string;
  readonly text: string;
}

/** A template not stored yet: it gets its id from the repository. */
export interface TemplateDraft extends TemplateContent {
  readonly accountId: string;
  readonly createdAt: Date;
  readonly updatedAt: Date;
}

export interface TemplateSnapshot extends TemplateDraft {
  /** A positive integer, unique across accounts. */
  readonly id: number;
}

/**
 * What makes two names the same within an account: trimmed, Unicode-normalised (NFC) and
 * lower-cased. Both stores key uniqueness on it, so they agree on every script.
 */
export const templateNameKey = (name: string): string => name.trim().normalize('NFC').toLowerCase();

/**
 * The fields of `content` that break the rules: a name is 1 to 80 characters once trimmed, a text
 * 1 to 1600 and not blank; names hold no control characters, texts none but tab and line breaks,
 * and neither holds an unpaired surrogate (it has no UTF-8 form to store).
 */
export function templateIssues(content: TemplateContent): FieldIssue[] {
  const issues: FieldIssue[] = [];
  const name = content.name.trim();
  if (name.length === 0 || lengthOf(name) > TEMPLATE_NAME_MAX_LENGTH) {
    issues.push({ path: 'name', message: `Must be 1 to ${TEMPLATE_NAME_MAX_LENGTH} characters` });
  } else if (NAME_CONTROL.test(name) || UNPAIRED_SURROGATE.test(name)) {
    issues.push({ path: 'name', message: 'Must not contain control characters or unpaired surrogates' });
  }
  const text = content.text;
  if (text.trim().length === 0 || lengthOf(text) > TEMPLATE_TEXT_MAX_LENGTH) {
    issues.push({ path: 'text', message: `Must be 1 to ${TEMPLATE_TEXT_MAX_LENGTH} characters, not all blank` });
  } else if (TEXT_CONTROL.test(text) || UNPAIRED_SURROGATE.test(text)) {
    issues.push({ path: 'text', message: 'Must not contain control characters (other than tab and line breaks) or unpaired surrogates' });
  }
  return issues;
}

const templateValidationError = (issues: readonly FieldIssue[]): ValidationError =>
  validationError(issues);

function checked(content: TemplateContent): Result<TemplateContent, ValidationError> {
  const issues = templateIssues(content);
  return issues.length > 0 ? err(templateValidationError(issues)) : ok({ name: content.name.trim(), text: content.text });
}

/** A reusable message text of one account, with `{{variable}}` placeholders (see `renderTemplate`). */
export class Template {
  private constructor(private readonly state: TemplateSnapshot) {}

  /** A new template's content, checked; the name is kept trimmed, the text exactly as given. */
  static draft(input: TemplateContent & { readonly accountId: string }, now: Date): Result<TemplateDraft, ValidationError> {
    return checked(input).map((content) => ({ ...content, accountId: input.accountId, createdAt: now, updatedAt: now }));
  }

  static rehydrate(snapshot: TemplateSnapshot): Template {
    return new Template({ ...snapshot });
  }

  get id(): number {
    return this.state.id;
  }

  get accountId(): string {
    return this.state.accountId;
  }

  get name(): string {
    return this.state.name;
  }

  get text(): string {
    return this.state.text;
  }

  get createdAt(): Date {
    return this.state.createdAt;
  }

  get updatedAt(): Date {
    return this.state.updatedAt;
  }

  /** Replaces name and text (both, as `PATCH /api/templates/{id}` does), checked like a draft. */
  revise(content: TemplateContent, now: Date): Result<Template, ValidationError> {
    return checked(content).map((revised) => new Template({ ...this.state, ...revised, updatedAt: now }));
  }

  toSnapshot(): TemplateSnapshot {
    return { ...this.state };
  }
}
