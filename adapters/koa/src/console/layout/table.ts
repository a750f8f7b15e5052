import { escapeHtml as e } from '../../http/html.ts';

export interface Column<T> {
  readonly header: string;
  /** The cell's HTML (escape text with escapeHtml). */
  readonly cell: (row: T) => string;
}

/** A captioned table, or the text saying it is empty. Each cell names its column (`data-label`): at phone width a row is a card of labelled fields. */
export function table<T>(caption: string, columns: readonly Column<T>[], rows: readonly T[], empty: string): string {
  if (rows.length === 0) return `<p class="muted">${e(empty)}</p>`;
  const head = columns.map((column) => `<th scope="col">${e(column.header)}</th>`).join('');
  const body = rows.map((row) => `<tr>${columns.map((column) => `<td data-label="${e(column.header)}">${column.cell(row)}</td>`).join('')}</tr>`).join('\n');
  return `<table class="rows">
<caption>${e(caption)}</caption>
<thead><tr>${head}</tr></thead>
<tbody>
${body}
</tbody>
</table>`;
}
