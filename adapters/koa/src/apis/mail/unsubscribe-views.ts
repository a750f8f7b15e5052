import { escapeHtml as e } from '../../http/html.ts';
import { pageDocument } from '../../http/page-document.ts';

const STYLE = `
  body { font: 16px/1.5 system-ui, sans-serif; background: #f4f5f7; color: #1d2330; margin: 0; }
  main { max-width: 26rem; margin: 4rem auto; background: #fff; border-radius: 12px; padding: 2rem; box-shadow: 0 2px 12px #0001; }
  h1 { font-size: 1.2rem; margin: 0 0 1rem; }
  button { font: inherit; padding: .6rem .8rem; border-radius: 8px; background: #1f7a4d; color: #fff; border: 0; cursor: pointer; } form { margin-top: 1rem; }
`;

const page = (title: string, content: string): string => pageDocument(title, STYLE, content, ['<meta name="robots" content="noindex">']);

/**
 * The page of an unsubscribe link opened in a browser: it changes nothing (mail scanners follow
 * links) and asks for a click, whose POST is the same as a mail client's one-click request.
 */
export const unsubscribeConfirmView = (token: string): string =>
  page(
    'Unsubscribe',
    `<h1>Unsubscribe from these emails?</h1>
<p>You will no longer get emails sent to this list.</p>
<form method="post" action="${e(encodeURIComponent(token))}">
  <input type="hidden" name="List-Unsubscribe" value="One-Click">
  <button type="submit">Unsubscribe</button>
</form>`,
  );

export const unsubscribedView = (): string => page('Unsubscribed', '<h1>You are unsubscribed</h1>\n<p>You will no longer get emails sent to this list.</p>');

export const unsubscribeUnknownView = (): string => page('Link not found', '<h1>This unsubscribe link is not valid</h1>\n<p>Check that the whole link was opened, or reply to the email to be taken off the list.</p>');
