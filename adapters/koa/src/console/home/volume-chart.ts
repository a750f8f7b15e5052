import { escapeHtml as e } from '../../http/html.ts';

export interface DayVolume {
  readonly date: string;
  readonly messages: number;
  readonly delivered: number;
}

const WIDTH = 560;
const HEIGHT = 140;

/**
 * Messages per day as an SVG bar chart (attributes only: the console's CSP allows no inline
 * styles), each bar titled with its day and counts, and the same figures in a table for screen
 * readers and for copying.
 */
export function volumeChart(days: readonly DayVolume[]): string {
  const most = Math.max(1, ...days.map((day) => day.messages));
  const step = WIDTH / Math.max(1, days.length);
  const bars = days
    .map((day, index) => {
      const height = Math.round((day.messages / most) * (HEIGHT - 20));
      const delivered = Math.round((day.delivered / most) * (HEIGHT - 20));
      const x = Math.round(index * step + step * 0.15);
      const width = Math.max(2, Math.round(step * 0.7));
      return `<g><title>${e(day.date)}: ${day.messages} messages, ${day.delivered} delivered</title>
<rect x="${x}" y="${HEIGHT - 16 - height}" width="${width}" height="${Math.max(height, 1)}" fill="#9bb8d9"></rect>
<rect x="${x}" y="${HEIGHT - 16 - delivered}" width="${width}" height="${delivered}" fill="#1f6f46"></rect></g>`;
    })
    .join('\n');
  const first = days[0]?.date ?? '';
  const last = days.at(-1)?.date ?? '';
  const rows = days.map((day) => `<tr><td>${e(day.date)}</td><td>${day.messages}</td><td>${day.delivered}</td></tr>`).join('\n');
  return `<svg viewBox="0 0 ${WIDTH} ${HEIGHT}" width="100%" role="img" aria-labelledby="volume-title volume-desc">
<title id="volume-title">Messages per day, ${e(first)} to ${e(last)}</title>
<desc id="volume-desc">Light bars: messages sent; dark bars: delivered. Figures in the table below.</desc>
${bars}
<text x="0" y="${HEIGHT - 2}" font-size="11" fill="#4a5366">${e(first)}</text>
<text x="${WIDTH}" y="${HEIGHT - 2}" font-size="11" fill="#4a5366" text-anchor="end">${e(last)}</text>
</svg>
<details><summary>Figures</summary>
<table><caption>Messages per day</caption><thead><tr><th scope="col">Day</th><th scope="col">Messages</th><th scope="col">Delivered</th></tr></thead>
<tbody>
${rows}
</tbody></table>
</details>`;
}
