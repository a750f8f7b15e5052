import { expect } from 'chai';
import { z } from 'zod';
import { buildOpenApiDocument, defineRoute, json, type RouteDefinition } from '../src/index.ts';

describe('OpenAPI: operation examples', () => {
  const sent = z.object({ id: z.string() });
  const routes: RouteDefinition[] = [
    defineRoute({
      method: 'post',
      path: '/send',
      operationId: 'send',
      summary: 'sends',
      tag: 'Test',
      access: { public: true },
      body: z.object({ to: z.string() }),
      responses: { 202: { description: 'accepted', schema: sent }, 409: { description: 'a duplicate', schema: sent } },
      handler: async () => json(202, { id: 'msg_1' }),
    }),
    defineRoute({
      method: 'post',
      path: '/import',
      operationId: 'import',
      summary: 'imports a CSV',
      tag: 'Test',
      access: { public: true },
      rawBody: { contentTypes: ['text/csv'], limitBytes: 64 },
      body: z.string(),
      responses: { 200: { description: 'imported', schema: z.object({ imported: z.number() }) } },
      handler: async () => json(200, { imported: 1 }),
    }),
  ];
  const examples = { send: { request: { to: '+254712345678' }, response: { id: 'msg_01KKBHA8M18YAJV6WC59HEV4ZP' } }, import: { request: 'phone\n+254712345678', response: { imported: 1 } } };
  const paths = buildOpenApiDocument(routes, { title: 't', version: '1' }, { examples }).paths as Record<string, Record<string, any>>;

  it('puts the request example on the JSON body and the response example on the success answer only', () => {
    const send = paths['/send']!.post;
    expect(send.requestBody.content['application/json'].examples).to.deep.equal({ kenya: { value: { to: '+254712345678' } } });
    expect(send.responses['202'].content['application/json'].examples).to.deep.equal({ kenya: { value: { id: 'msg_01KKBHA8M18YAJV6WC59HEV4ZP' } } });
    expect(send.responses['409'].content['application/json']).to.not.have.property('examples');
  });

  it('leaves a raw body without one, and an operation without examples as it was', () => {
    const upload = paths['/import']!.post;
    expect(upload.requestBody.content['text/csv']).to.deep.equal({ schema: { type: 'string' } });
    expect(upload.responses['200'].content['application/json'].examples).to.deep.equal({ kenya: { value: { imported: 1 } } });
    const bare = buildOpenApiDocument(routes, { title: 't', version: '1' }).paths['/send']!.post as any;
    expect(bare.requestBody.content['application/json']).to.have.keys('schema');
    expect(bare.responses['202'].content['application/json']).to.have.keys('schema');
  });
});
