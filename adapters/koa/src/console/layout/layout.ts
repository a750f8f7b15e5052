import { escapeHtml as e } from '../../http/html.ts';
import { CSRF_FIELD } from '../session/csrf.ts';
import { NAVIGATION, type Section } from './navigation.ts';
import { href, type ViewContext } from './view-context.ts';

const head = (view: ViewContext, title: string, extra = '') => `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">${extra}
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <meta name="robots" content="noindex">
  <title>${e(title)} · Tuma console</title>
  <link rel="stylesheet" href="${href(view, '/assets/console.css')}">
  <script src="${href(view, '/assets/console.js')}" defer></script>
</head>`;

const flashOf = (view: ViewContext) => (view.flash ? `<p class="flash${view.flash.kind === 'error' ? ' error' : ''}" role="status">${e(view.flash.text)}</p>\n` : '');

/** The hidden form-token field every console form carries. */
export const csrfField = (view: ViewContext) => `<input type="hidden" name="${CSRF_FIELD}" value="${e(view.csrf)}">`;

function sidebar(view: ViewContext, active: Section): string {
  const groups = NAVIGATION.filter((group) => !group.operator || view.operator).map((group) => ({ ...group, items: group.items.filter((item) => view.menu.has(item.section)) }))
    .filter((group) => group.items.length > 0)
    .map(
    (group) =>
      `<li class="group" aria-hidden="true">${e(group.label)}</li>\n` +
      group.items
        .map((item) => `<li><a href="${href(view, item.path)}"${item.section === active ? ' aria-current="page"' : ''}>${e(item.label)}</a></li>`)
        .join('\n'),
  ).join('\n');
  return `<nav class="sidebar" aria-label="Console">
<p class="brand">Tuma</p>
<button type="button" class="menu-button secondary" aria-expanded="false" aria-controls="console-menu">Menu</button>
<ul id="console-menu">
${groups}
</ul>
</nav>`;
}

/** A signed-in page: the menu, the user and the sign-out button, then the page's content. */
export function consolePage(view: ViewContext, title: string, active: Section, content: string, options: { refreshTo?: string; refreshAfter?: number } = {}): string {
  const user = view.user;
  const refresh = options.refreshTo
    ? `\n  <meta http-equiv="refresh" content="0;url=${e(options.refreshTo)}">`
    : options.refreshAfter
      ? `\n  <meta http-equiv="refresh" content="${options.refreshAfter}">`
      : '';
  return `${head(view, title, refresh)}
<body>
<a class="skip" href="#main">Skip to content</a>
<div class="shell">
${sidebar(view, active)}
<div>
<header class="topbar">
  <span>${user ? `Signed in as <strong>${e(user.email)}</strong> <span class="badge">${e(user.role)}</span>` : ''}</span>
  <form method="post" action="${href(view, '/sign-out')}">${csrfField(view)}<button type="submit" class="secondary">Sign out</button></form>
</header>
<main id="main" class="content">
${flashOf(view)}<h1>${e(title)}</h1>
${content}
</main>
</div>
</div>
</body>
</html>`;
}

/** A page before sign-in (sign in, sign up, reset): one narrow card. */
export function authPage(view: ViewContext, title: string, content: string): string {
  return `${head(view, title)}
<body>
<main id="main" class="auth">
<p class="brand">Tuma</p>
<div class="card">
${flashOf(view)}<h1>${e(title)}</h1>
${content}
</div>
</main>
</body>
</html>`;
}
