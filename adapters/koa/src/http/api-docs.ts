import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { createRequire } from 'node:module';
import type { Context } from 'koa';
import { escapeHtml } from './html.ts';

const require = createRequire(import.meta.url);
const assetsDir: string = (require('swagger-ui-dist') as { getAbsoluteFSPath(): string }).getAbsoluteFSPath();

const ASSETS: Record<string, string> = {
  'swagger-ui.css': 'text/css; charset=utf-8',
  'swagger-ui-bundle.js': 'application/javascript; charset=utf-8',
  'swagger-ui-standalone-preset.js': 'application/javascript; charset=utf-8',
  'favicon-32x32.png': 'image/png',
};

/** The page and its script, with URLs under the path the API is served at (`/mail` on a shared port, none on a port of its own). */
const page = (title: string, basePath: string) => `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <title>${escapeHtml(title)}</title>
  <link rel="stylesheet" href="${basePath}/docs/swagger-ui.css">
  <link rel="icon" href="${basePath}/docs/favicon-32x32.png">
</head>
<body>
  <div id="explorer"></div>
  <script src="${basePath}/docs/swagger-ui-bundle.js"></script>
  <script src="${basePath}/docs/swagger-ui-standalone-preset.js"></script>
  <script src="${basePath}/docs/init.js"></script>
</body>
</html>`;

const init = (basePath: string) => `window.ui = SwaggerUIBundle({
  url: '${basePath}/openapi.json',
  dom_id: '#explorer',
  deepLinking: true,
  // Pasted keys stay in the page's memory only, never in the browser's storage.
  persistAuthorization: false,
  presets: [SwaggerUIBundle.presets.apis, SwaggerUIStandalonePreset],
  layout: 'StandaloneLayout'
});`;

/**
 * The explorer runs only our own scripts and is never framed (it holds pasted keys); swagger-ui
 * styles elements inline and shows data: images.
 */
const SECURITY_HEADERS = {
  'Content-Security-Policy':
    "default-src 'none'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; connect-src 'self'; font-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'",
  'X-Frame-Options': 'DENY',
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
};

/**
 * The interactive explorer of one API, served from the local swagger-ui-dist package (no CDN):
 * `serve(ctx, undefined)` answers the page, `serve(ctx, name)` one of its assets (false: no such asset).
 */
export function apiDocs(title: string, basePath: string): (ctx: Context, asset: string | undefined) => Promise<boolean> {
  const html = page(title, basePath);
  const script = init(basePath);
  return async (ctx, asset) => {
    ctx.set(SECURITY_HEADERS);
    if (asset === undefined) {
      ctx.type = 'text/html; charset=utf-8';
      ctx.body = html;
      return true;
    }
    if (asset === 'init.js') {
      ctx.type = 'application/javascript; charset=utf-8';
      ctx.body = script;
      return true;
    }
    if (!Object.hasOwn(ASSETS, asset)) return false;
    const type = ASSETS[asset]!;
    ctx.type = type;
    ctx.set('Cache-Control', 'public, max-age=86400');
    ctx.body = await readFile(join(assetsDir, asset));
    return true;
  };
}
