/**
 * The OpenAPI document of every API, exactly as a real server serves it (embedded database in
 * memory, no demo data): the bytes `npm run lint:openapi` lints and `docs/openapi/` keeps.
 */
import { API_NAMES, type ApiName } from '@tuma/koa-adapter';
import { jsonLogger, loadConfig, TumaServer } from '@tuma/server';

export async function servedOpenApiDocuments(): Promise<Record<ApiName, string>> {
  const server = new TumaServer(
    loadConfig({ PORT: '0', HOST: '127.0.0.1', TUMA_DATA_DIR: 'memory://', TUMA_SEED_DEMO: 'false', ADMIN_API_KEY: 'openapi-lint-operator-key-0123456789' }),
    jsonLogger('silent'),
  );
  const { apis } = await server.start();
  try {
    const documents = {} as Record<ApiName, string>;
    for (const api of API_NAMES) documents[api] = await (await fetch(`http://127.0.0.1:${apis![api].port}${apis![api].basePath}/openapi.json`)).text();
    return documents;
  } finally {
    await server.stop();
  }
}

/** Where an API's document is kept, pretty-printed so that a change reads as a diff. */
export const keptDocumentPath = (api: ApiName): string => `docs/openapi/${api}.openapi.json`;

export const prettyDocument = (served: string): string => `${JSON.stringify(JSON.parse(served), null, 2)}\n`;
