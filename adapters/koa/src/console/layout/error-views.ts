import { escapeHtml as e } from '../../http/html.ts';
import { authPage, consolePage } from './layout.ts';
import { href, type ViewContext } from './view-context.ts';

/** A page saying what went wrong, in the signed-in shell when there is a user. */
export function errorView(view: ViewContext, title: string, message: string): string {
  const content = `<p id="error-message">${e(message)}</p>\n<p><a href="${href(view, '/')}">Back to the console</a></p>`;
  return view.user ? consolePage(view, title, 'home', content) : authPage(view, title, content);
}
