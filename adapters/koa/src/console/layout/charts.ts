import { escapeHtml as e } from '../../http/html.ts';

/**
 * Charts drawn on the server as SVG (no script, no library, nothing inline the page's CSP would
 * refuse: sizes are SVG attributes, not styles). Each chart says its figures in text too: a
 * title per bar, and the numbers in a table (beside the bars, or under "Figures"), so a screen
 * reader reads what the eye sees.
 */

/** One bar per day (oldest first), its height the day's share of the busiest day. */
export function dayChart(id: string, caption: string, days: readonly { readonly day: string; readonly value: number }[]): string {
  const max = Math.max(1, ...days.map((day) => day.value));
  const width = Math.max(1, days.length) * 10;
  const bars = days
    .map((day, index) => {
      const height = Math.round((day.value / max) * 96);
      return `<rect x="${index * 10 + 1}" y="${100 - height}" width="8" height="${Math.max(height, 0.5)}" rx="1"><title>${e(day.day)}: ${day.value}</title></rect>`;
    })
    .join('');
  const total = days.reduce((sum, day) => sum + day.value, 0);
  const first = days[0]?.day ?? '';
  const last = days.at(-1)?.day ?? '';
  return `<figure class="chart" id="${e(id)}">
<svg viewBox="0 0 ${width} 100" preserveAspectRatio="none" role="img" aria-label="${e(`${caption}: ${total} from ${first} to ${last}, at most ${max === 1 && total === 0 ? 0 : max} a day`)}" class="day-chart">${bars}</svg>
<figcaption>${e(caption)} · ${e(first)} to ${e(last)} · ${total} in all</figcaption>
<details><summary>Figures</summary>
<table><caption>${e(caption)}</caption><thead><tr><th scope="col">Day</th><th scope="col">Count</th></tr></thead>
<tbody>${days.map((day) => `<tr><td>${e(day.day)}</td><td>${day.value}</td></tr>`).join('')}</tbody></table>
</details>
</figure>`;
}

/** "Clicks by country" -> "Country": the heading of the labels' column. */
const columnOf = (caption: string) => {
  const last = caption.split(' ').at(-1) ?? caption;
  return `${last.charAt(0).toUpperCase()}${last.slice(1)}`;
};

/** A breakdown (country, device, ...) as labelled horizontal bars, biggest first. */
export function breakdownChart(id: string, caption: string, counts: Readonly<Record<string, number>>, empty = 'None known yet.'): string {
  const rows = Object.entries(counts).sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
  if (rows.length === 0) return `<section class="chart" id="${e(id)}" aria-label="${e(caption)}"><h3 class="chart-title">${e(caption)}</h3><p class="muted">${e(empty)}</p></section>`;
  const max = Math.max(1, ...rows.map(([, count]) => count));
  const body = rows
    .map(
      ([label, count]) =>
        `<tr><th scope="row">${e(label)}</th><td class="bar-cell"><svg viewBox="0 0 100 10" preserveAspectRatio="none" aria-hidden="true" class="hbar"><rect width="${Math.max((count / max) * 100, 1).toFixed(1)}" height="10" rx="1"></rect></svg></td><td class="count">${count}</td></tr>`,
    )
    .join('\n');
  return `<section class="chart" id="${e(id)}"><table>
<caption>${e(caption)}</caption>
<thead><tr><th scope="col">${e(columnOf(caption))}</th><th scope="col"><span class="visually-hidden">Share</span></th><th scope="col">Clicks</th></tr></thead>
<tbody>
${body}
</tbody>
</table></section>`;
}
