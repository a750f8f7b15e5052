import { escapeHtml as e } from '../../http/html.ts';
import { pageDocument } from '../../http/page-document.ts';

const STYLE = `
  body { font: 16px/1.5 system-ui, sans-serif; background: #f4f5f7; color: #1d2330; margin: 0; }
  main { max-width: 26rem; margin: 4rem auto; background: #fff; border-radius: 12px; padding: 2rem; box-shadow: 0 2px 12px #0001; }
  h1 { font-size: 1.2rem; margin: 0 0 1rem; } .error { background: #fde8e8; border-radius: 8px; padding: .6rem .8rem; }
  input, button { font: inherit; padding: .6rem .8rem; border-radius: 8px; border: 1px solid #c9ced6; }
  button { background: #1f7a4d; color: #fff; border: 0; cursor: pointer; } form { display: flex; gap: .6rem; margin-top: 1rem; }
`;

const page = (title: string, content: string): string => pageDocument(title, STYLE, content, ['<meta name="robots" content="noindex">']);

/** What the form says above itself: nothing yet, a wrong password, or a wait (too many wrong ones, or too many at once). */
export type LinkPasswordNotice = 'none' | 'wrong' | { readonly waitSeconds: number };

/** The form a protected link shows before its redirect; it posts back to the short URL itself. */
export function linkPasswordView(slug: string, notice: LinkPasswordNotice): string {
  const text = notice === 'wrong' ? 'That password is not right.' : notice === 'none' ? undefined : `Too many tries: wait ${notice.waitSeconds} s, then try again.`;
  const error = text ? `\n<p class="error" id="error">${text}</p>` : '';
  return page('Password required', `<h1>This link is protected</h1>${error}
<form method="post" action="${e(encodeURIComponent(slug))}">
  <input type="password" name="password" aria-label="Password" autofocus required>
  <button type="submit">Continue</button>
</form>`);
}

export const linkExpiredView = (): string => page('Link expired', '<h1>This link has expired</h1>\n<p>The page it led to is no longer offered through it.</p>');

export const linkNotFoundView = (): string => page('Link not found', '<h1>There is no such link</h1>\n<p>Check the address, or ask whoever sent it.</p>');
