import { expect } from 'chai';
import { readFileSync } from 'node:fs';
import { API_NAMES } from '@tuma/koa-adapter';
import { keptDocumentPath, servedOpenApiDocuments } from '../../../scripts/served-openapi.ts';

/**
 * Every API serves, byte for byte, the document kept in docs/openapi/: a refactor that moves routes
 * cannot change what a client sees. A change meant to change an API rewrites them (`npm run openapi:write`).
 */
describe('the served OpenAPI documents', () => {
  let served: Awaited<ReturnType<typeof servedOpenApiDocuments>>;
  before(async () => {
    served = await servedOpenApiDocuments();
  });

  for (const api of API_NAMES) {
    it(`the ${api} API serves docs/openapi/${api}.openapi.json`, () => {
      const kept = JSON.stringify(JSON.parse(readFileSync(keptDocumentPath(api), 'utf8')));
      expect(served[api] === kept, `the ${api} API's document differs from ${keptDocumentPath(api)}: run npm run openapi:write if the change is meant`).to.equal(true);
    });
  }
});
