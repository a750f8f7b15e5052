/**
 * The texts of TXT records: their strings joined (a record longer than 255 bytes is published as
 * several strings, which mean one text, RFC 7208 3.3 and RFC 6376 3.6.2.2), DKIM's tag lists
 * (RFC 6376 3.2) and SPF's terms (RFC 7208 4.6).
 */

/** One TXT record's text from its strings (the kernel's, shared with links' domain checks). */
export { txtText } from '@tuma/kernel';

/** `v=DKIM1; k=rsa; p=...` as tags; undefined when the text is not a tag list. Whitespace inside a value is folding, not content. */
export function parseTagList(text: string): ReadonlyMap<string, string> | undefined {
  const tags = new Map<string, string>();
  for (const part of text.split(';')) {
    if (part.trim() === '') continue;
    const eq = part.indexOf('=');
    if (eq < 0) return undefined;
    const name = part.slice(0, eq).trim();
    if (!/^[a-z][a-z0-9_]*$/i.test(name) || tags.has(name)) return undefined;
    tags.set(name, part.slice(eq + 1).replace(/\s+/g, ''));
  }
  return tags.size > 0 ? tags : undefined;
}

export const renderTagList = (tags: readonly (readonly [string, string])[]): string => tags.map(([name, value]) => `${name}=${value}`).join('; ');

/** The terms of an SPF record after `v=spf1`; undefined when the text is not one. */
export function spfTerms(text: string): readonly string[] | undefined {
  const [version, ...terms] = text.trim().split(/\s+/);
  return version?.toLowerCase() === 'v=spf1' ? terms : undefined;
}

/** Whether the terms pass mail from `host` through (`include:host`, qualifier `+` or none; hosts compare without case). */
export const spfIncludes = (terms: readonly string[], host: string): boolean =>
  terms.some((term) => term.replace(/^\+/, '').toLowerCase() === `include:${host.toLowerCase()}`);
