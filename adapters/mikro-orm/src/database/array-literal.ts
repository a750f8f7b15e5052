/**
 * PostgreSQL array literals (`{"a","b",NULL}`) of text, for a batch bound as one parameter per
 * column (`unnest($1::text[], …)`). Every element is quoted, and only `"` and `\` are escaped
 * within quotes, so any text round-trips; built in one pass, where the driver's generic
 * serializer prepares each element on its own.
 */
export function textArrayLiteral(values: readonly (string | null)[]): string {
  let literal = '{';
  for (let i = 0; i < values.length; i++) {
    const value = values[i];
    if (i > 0) literal += ',';
    literal += value === null || value === undefined ? 'NULL' : `"${NEEDS_ESCAPE.test(value) ? value.replace(ESCAPED, '\\$&') : value}"`;
  }
  return `${literal}}`;
}

const NEEDS_ESCAPE = /["\\]/;
const ESCAPED = /["\\]/g;
