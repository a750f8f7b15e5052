import { sql, type RawBuilder } from 'kysely';

/**
 * A list of texts bound as one JSON parameter, whatever its length: one statement text, and so one
 * prepared plan, for every size of list, where `in ($1, $2, …)` makes a new statement per length.
 * The set of its elements (numbers as text), for `from`, `select … from` and `with ordinality`.
 */
export const textsOf = (texts: readonly (string | number)[]): RawBuilder<string> => sql<string>`jsonb_array_elements_text(${JSON.stringify(texts)}::jsonb)`;

/** The right side of `column = anyOf(texts)`: the column is one of the texts. */
export const anyOf = (texts: readonly string[]): RawBuilder<string> => sql<string>`any (array(select ${textsOf(texts)}))`;
