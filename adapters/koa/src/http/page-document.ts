import { escapeHtml as e } from './html.ts';

/** The shell of the app's own HTML pages: one `<main>` card, its styles inline (`htmlPage` forbids anything loaded). */
export const pageDocument = (title: string, style: string, content: string, headExtras: readonly string[] = []): string => `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">${headExtras.map((extra) => `\n  ${extra}`).join('')}
  <title>${e(title)}</title>
  <style>${style}</style>
</head>
<body>
<main>
${content}
</main>
</body>
</html>`;
