/**
 * Where another package writes rows of its own in the unit of work that stores a send (Verify: the
 * verification its code's SMS starts), so that the send and the rows commit together or not at all.
 */
export interface AlongsideWriter<Row> {
  /** Every row of one group commit, in one call (one statement). */
  write(rows: readonly Row[]): Promise<void>;
}

/** A send's companion row: written with the send when it is accepted (charged and stored), never otherwise. */
export interface AlongsideWrite<Sent> {
  readonly writer: AlongsideWriter<never>;
  rowFor(sent: Sent): unknown;
}

/** The companion `rowFor` makes of each accepted send, written by `writer` with the send. */
export const writeAlongside = <Row, Sent>(writer: AlongsideWriter<Row>, rowFor: (sent: Sent) => Row): AlongsideWrite<Sent> => ({ writer: writer as AlongsideWriter<never>, rowFor });

/** The same companion, of a send seen as `Sent` by a caller that sees it as `Seen` (`view` turns one into the other). */
export const alongsideAs = <Seen, Sent>(write: AlongsideWrite<Seen>, view: (sent: Sent) => Seen): AlongsideWrite<Sent> => ({ writer: write.writer, rowFor: (sent) => write.rowFor(view(sent)) });

/** Writes the companions of accepted sends: one call per writer, rows in the sends' order. */
export async function writeCompanions<Sent>(accepted: readonly { readonly alongside: AlongsideWrite<Sent>; readonly sent: Sent }[]): Promise<void> {
  const rowsByWriter = new Map<AlongsideWriter<never>, unknown[]>();
  for (const { alongside, sent } of accepted) rowsByWriter.set(alongside.writer, [...(rowsByWriter.get(alongside.writer) ?? []), alongside.rowFor(sent)]);
  for (const [writer, rows] of rowsByWriter) await (writer as AlongsideWriter<unknown>).write(rows);
}
