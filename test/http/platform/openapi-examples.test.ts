import { expect } from 'chai';
import { API_NAMES, OPERATION_EXAMPLES } from '@tuma/koa-adapter';
import { servedOpenApiDocuments } from '../../../scripts/served-openapi.ts';
import { OpenApiConformance } from '../../support/openapi-conformance.ts';

type Media = { schema: object; examples?: Record<string, { value: unknown }> };
type Operation = { operationId: string; requestBody?: { content: Record<string, Media> }; responses: Record<string, { content?: Record<string, Media> }> };
type Document = ConstructorParameters<typeof OpenApiConformance>[0] & { paths: Record<string, Record<string, Operation>> };

/**
 * Every operation of the four documents as served shows what a developer sends and gets (issue 33):
 * an example of its JSON request body and of its success answer's JSON body, each valid against its
 * schema, as every answer of the e2e suites is (OpenApiConformance). An example of no operation is
 * an error: it would never be shown.
 */
describe('the examples of the served OpenAPI documents', () => {
  let documents: Record<string, Document>;
  before(async () => {
    const served = await servedOpenApiDocuments();
    documents = Object.fromEntries(API_NAMES.map((api) => [api, JSON.parse(served[api]) as Document]));
  });

  /** The JSON bodies of an operation that want an example: its request body and its success answer (its 2xx status with a JSON body). */
  const bodiesOf = (operation: Operation): { part: 'request' | 'response'; media: Media }[] => {
    const request = operation.requestBody?.content['application/json'];
    const success = Object.entries(operation.responses).find(([status, response]) => status.startsWith('2') && response.content?.['application/json']);
    return [...(request ? [{ part: 'request' as const, media: request }] : []), ...(success ? [{ part: 'response' as const, media: success[1].content!['application/json']! }] : [])];
  };
  const operationsOf = (document: Document) => Object.entries(document.paths).flatMap(([path, item]) => Object.entries(item).map(([method, operation]) => ({ name: `${method.toUpperCase()} ${path}`, operation })));

  for (const api of API_NAMES) {
    it(`every JSON request body and success answer of the ${api} API has an example, valid against its schema`, () => {
      const document = documents[api]!;
      const conformance = new OpenApiConformance(document);
      const missing: string[] = [];
      const invalid: string[] = [];
      for (const { name, operation } of operationsOf(document)) {
        for (const { part, media } of bodiesOf(operation)) {
          const examples = Object.entries(media.examples ?? {});
          if (examples.length === 0) missing.push(`${operation.operationId} (${name}) ${part}`);
          for (const [example, { value }] of examples) {
            const mismatch = conformance.mismatch(media.schema, value);
            if (mismatch) invalid.push(`${operation.operationId} ${part} example ${example}: ${mismatch}`);
          }
        }
      }
      expect(invalid, 'examples that do not match their schema').to.deep.equal([]);
      expect(missing, 'bodies without an example').to.deep.equal([]);
    });
  }

  it('every example is of a body of an operation some document serves, and is shown there', () => {
    const shown = new Map<string, Set<string>>();
    for (const document of Object.values(documents)) {
      for (const { operation } of operationsOf(document)) {
        const parts = (shown.get(operation.operationId) ?? new Set<string>()).add('operation');
        for (const { part, media } of bodiesOf(operation)) if (media.examples) parts.add(part);
        shown.set(operation.operationId, parts);
      }
    }
    const unshown = Object.entries(OPERATION_EXAMPLES).flatMap(([operationId, examples]) => {
      const parts = shown.get(operationId);
      if (!parts) return [`${operationId}: no such operation`];
      return (['request', 'response'] as const).filter((part) => examples[part] !== undefined && !parts.has(part)).map((part) => `${operationId}: no JSON ${part} body to show it on`);
    });
    expect(unshown).to.deep.equal([]);
  });
});
