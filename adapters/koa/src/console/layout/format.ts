import { escapeHtml as e } from '../../http/html.ts';

/** A time for people (UTC, to the minute), with the exact instant in `datetime`. */
export const time = (at: Date | string | null | undefined): string => {
  if (!at) return '<span class="muted">never</span>';
  const date = typeof at === 'string' ? new Date(at) : at;
  return `<time datetime="${date.toISOString()}">${e(date.toISOString().slice(0, 16).replace('T', ' '))} UTC</time>`;
};

export const badge = (text: string, tone: 'ok' | 'bad' | 'plain' = 'plain'): string => `<span class="badge${tone === 'plain' ? '' : ` ${tone}`}">${e(text)}</span>`;
