/**
 * `handle` called on rounds of `items` in which no two share a key: an item with the key of an
 * earlier one goes in a later round, so that it sees what the earlier one's round wrote (a send
 * repeating another of its batch is refused as a duplicate, in the same transaction). Outcomes in
 * the items' order.
 */
export async function inRoundsByKey<T, R>(items: readonly T[], keyOf: (item: T) => string, handle: (round: readonly T[]) => Promise<R[]>): Promise<R[]> {
  const firsts = new Set<string>();
  const round: number[] = [];
  const later: number[] = [];
  items.forEach((item, index) => {
    const key = keyOf(item);
    if (firsts.has(key)) later.push(index);
    else {
      firsts.add(key);
      round.push(index);
    }
  });
  const outcomes: R[] = new Array(items.length);
  const handled = await handle(round.map((index) => items[index]!));
  round.forEach((index, at) => (outcomes[index] = handled[at]!));
  if (later.length > 0) {
    const rest = await inRoundsByKey(
      later.map((index) => items[index]!),
      keyOf,
      handle,
    );
    later.forEach((index, at) => (outcomes[index] = rest[at]!));
  }
  return outcomes;
}
