/**
 * `{{name}}` placeholders: two braces, optional whitespace, a name of letters, digits, `_`, `-`
 * or `.`, optional whitespace, two braces. Anything else in braces (`{{}}`, `{{first name}}`) is
 * plain text. Names are case-sensitive.
 */
const PLACEHOLDER = /\{\{\s*([A-Za-z0-9_.-]+)\s*\}\}/g;

export type TemplateVariables = Readonly<Record<string, string>>;

export interface RenderedTemplate {
  readonly text: string;
  /** Placeholder names without a value, each once, in order of first appearance; rendered empty. */
  readonly missing: readonly string[];
}

/**
 * Fills every placeholder of `text` from `variables`, in one pass: values are inserted as they
 * are, never read for placeholders themselves. A name without a value (only own properties count,
 * so `{{constructor}}` is no back door) renders as nothing and is reported in `missing`, so a
 * caller can refuse or accept the result.
 */
export function renderTemplate(text: string, variables: TemplateVariables): RenderedTemplate {
  const missing = new Set<string>();
  const rendered = text.replace(PLACEHOLDER, (_match, name: string) => {
    if (Object.hasOwn(variables, name)) return variables[name]!;
    missing.add(name);
    return '';
  });
  return { text: rendered, missing: [...missing] };
}

/** The distinct placeholder names of `text`, in order of first appearance. */
export function templatePlaceholders(text: string): string[] {
  return [...new Set(Array.from(text.matchAll(PLACEHOLDER), (match) => match[1]!))];
}
