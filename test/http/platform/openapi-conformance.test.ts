import { expect } from 'chai';
import { OpenApiConformance } from '../../support/openapi-conformance.ts';

/** The check every e2e answer goes through (test/support/test-server.ts) catches drift both ways. */
describe('OpenAPI conformance of answers', () => {
  const conformance = new OpenApiConformance({
    paths: {
      '/api/things/{id}': {
        get: {
          'x-aliases': ['/v1/things/{id}'],
          responses: {
            '200': { content: { 'application/json': { schema: { type: 'object', required: ['id'], properties: { id: { type: 'string' } } } } } },
            '404': { content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } },
          },
        },
      },
      '/api/things/special': { get: { responses: { '204': {} } } },
    },
    components: { schemas: { Error: { type: 'object', required: ['error'], properties: { error: { type: 'object', required: ['code'] } } } } },
  });
  const json = 'application/json';

  it('accepts documented statuses with matching bodies, on mirrors too, and prefers a literal path to a template', () => {
    expect(conformance.check('GET', '/api/things/t1', 200, json, { id: 't1' })).to.equal(undefined);
    expect(conformance.check('GET', '/v1/things/t1?x=1', 404, json, { error: { code: 'not_found' } })).to.equal(undefined);
    expect(conformance.check('GET', '/api/things/special', 204, null, undefined)).to.equal(undefined);
  });

  it('names an undocumented status and a body that does not match', () => {
    expect(conformance.check('GET', '/api/things/t1', 500, json, { error: { code: 'x' } })).to.match(/answered 500, which the document does not list \(200, 404\)/);
    expect(conformance.check('GET', '/api/things/t1', 200, json, { name: 'x' })).to.match(/does not match the document: body must have required property 'id'/);
    expect(conformance.check('GET', '/api/things/t1', 404, json, { message: 'no' })).to.match(/does not match/);
  });
});
