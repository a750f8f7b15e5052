/** A field name: printable US-ASCII but the colon (RFC 5322 2.2). */
const FIELD = /^[\x21-\x39\x3b-\x7e]+[ \t]*:/;

/**
 * Why `raw` is not an Internet message (RFC 5322), or null: its header section must be header
 * fields (or their folded continuations) up to the first empty line, with one `From` (3.6: as
 * Gmail refuses mail without one). Read before parsing: `mailparser` takes anything, garbage
 * included, as a message without headers.
 */
export function malformedMessage(raw: Uint8Array): string | null {
  const text = Buffer.from(raw).toString('latin1');
  const end = text.search(/\r?\n\r?\n/);
  const head = end === -1 ? text : text.slice(0, end);
  const lines = head.split(/\r?\n/);
  if (head.trim() === '') return 'The message has no header fields';
  let froms = 0;
  for (const [index, line] of lines.entries()) {
    if (index > 0 && /^[ \t]/.test(line)) continue;
    if (!FIELD.test(line)) return `Line ${index + 1} of the header section is not a header field (name: value)`;
    if (/^from[ \t]*:/i.test(line)) froms++;
  }
  if (froms === 0) return 'The message has no From header field (RFC 5322 3.6)';
  if (froms > 1) return 'The message has more than one From header field (RFC 5322 3.6)';
  return null;
}
