/** Members one dispatch job (and one kept chunk of a batch's audience) covers at most. */
export const BATCH_CHUNK_SIZE = 500;

/** The member ranges `[from, to]` (both included) of `fromSeq`..`toSeq` cut in chunks of `size`. */
export function chunkRanges(fromSeq: number, toSeq: number, size: number = BATCH_CHUNK_SIZE): { fromSeq: number; toSeq: number }[] {
  const ranges: { fromSeq: number; toSeq: number }[] = [];
  for (let start = fromSeq; start <= toSeq; start += size) ranges.push({ fromSeq: start, toSeq: Math.min(start + size - 1, toSeq) });
  return ranges;
}
