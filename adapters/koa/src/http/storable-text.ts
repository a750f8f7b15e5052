import { isStorableText, UNSTORABLE_TEXT_MESSAGE } from '@tuma/kernel';
import type { ErrorDetail } from './http-error.ts';

type Location = NonNullable<ErrorDetail['in']>;

const KEY_MESSAGE = 'Has a field name containing a NUL character or an unpaired UTF-16 surrogate';

/**
 * Text that cannot be stored is refused at the door, for every route, so no handler, job or query
 * meets it later. Every field of a request part (parsed JSON, query, path params or a raw text body) whose value
 * or name cannot be stored, up to `limit`. Walks without recursion: nesting depth is the client's choice.
 */
export function unstorableFields(value: unknown, location: Location, limit: number): ErrorDetail[] {
  const found: ErrorDetail[] = [];
  const queue: [unknown, string][] = [[value, '']];
  for (let next = 0; next < queue.length && found.length < limit; next += 1) {
    const [current, path] = queue[next]!;
    if (typeof current === 'string') {
      if (!isStorableText(current)) found.push({ path, message: UNSTORABLE_TEXT_MESSAGE, in: location });
    } else if (current !== null && typeof current === 'object') {
      for (const [key, child] of Object.entries(current)) {
        if (!isStorableText(key)) found.push({ path, message: KEY_MESSAGE, in: location });
        else queue.push([child, path === '' ? key : `${path}.${key}`]);
      }
    }
  }
  return found.slice(0, limit);
}
