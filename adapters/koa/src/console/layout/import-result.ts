import { escapeHtml as e } from '../../http/html.ts';
import { table } from './table.ts';

/** What a CSV import of contacts (SMS or mail) answers: counts, and the rows left out with why. */
export interface ImportOutcome {
  readonly imported: number;
  readonly added: number;
  readonly updated: number;
  readonly duplicates: number;
  readonly errorCount: number;
  readonly errors: readonly { readonly row: number; readonly value: string; readonly reason: string }[];
}

export const plural = (count: number, noun: string) => `${count} ${noun}${count === 1 ? '' : 's'}`;

/** The import's summary and its rows left out; `encoding`: the charset the file was read in, when the page says it. */
export function importResultView(result: ImportOutcome, encoding?: string): string {
  const rows = table(
    `Rows left out (the first ${result.errors.length} of ${result.errorCount})`,
    [
      { header: 'Row', cell: (error) => String(error.row) },
      { header: 'Value', cell: (error) => `<code>${e(error.value)}</code>` },
      { header: 'Why', cell: (error) => e(error.reason.replace(/_/g, ' ')) },
    ],
    result.errors,
    'Every row was imported.',
  );
  const readAs = encoding === undefined ? '' : `; read as ${e(encoding)}`;
  return `<section class="card" aria-labelledby="import-result" id="import-summary"><h2 id="import-result">Import</h2>
<p role="status"><strong>${result.imported}</strong> imported (${result.added} new, ${result.updated} updated), ${plural(result.duplicates, 'duplicate row')}, <strong>${plural(result.errorCount, 'row')}</strong> with errors${readAs}.</p>
${rows}
</section>`;
}
