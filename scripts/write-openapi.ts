/**
 * `npm run openapi:write`: keeps the served OpenAPI documents in docs/openapi/. Run it after a change
 * that is meant to change an API; test/http/platform/openapi-documents.test.ts fails on any other change.
 */
import { writeFileSync } from 'node:fs';
import { API_NAMES } from '@tuma/koa-adapter';
import { keptDocumentPath, prettyDocument, servedOpenApiDocuments } from './served-openapi.ts';

const documents = await servedOpenApiDocuments();
for (const api of API_NAMES) writeFileSync(keptDocumentPath(api), prettyDocument(documents[api]));
console.log(`wrote ${API_NAMES.map(keptDocumentPath).join(', ')}`);
