import { escapeHtml as e } from '../../http/html.ts';

/** A secret made this request: shown this once, with a copy button. */
export const shownOnce = (id: string, title: string, text: string, secret: string, extra = '') => `<section class="card" aria-labelledby="${id}-title">
<h2 id="${id}-title">${e(title)}</h2>
<p>${e(text)}</p>${extra}
<code class="secret" id="${id}">${e(secret)}</code>
<button type="button" class="secondary" data-copy="${id}">Copy</button>
</section>`;
