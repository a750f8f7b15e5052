import { expect } from 'chai';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { errAsync } from '@tuma/kernel';
import { z } from 'zod';
import { APIS, buildOpenApiDocument, createHttpApp, defineRoute, json, type RouteDefinition } from '../src/index.ts';

describe('HTTP app: routes with a raw body', () => {
  let server: Server;
  let base: string;
  const routes: RouteDefinition[] = [
    defineRoute({
      method: 'post',
      path: '/upload/:name',
      summary: 'echoes a text body',
      tag: 'Test',
      access: { public: true },
      params: z.object({ name: z.string() }),
      rawBody: { contentTypes: ['text/csv', 'text/plain'], limitBytes: 64 },
      body: z.string(),
      responses: { 200: { description: 'echo' } },
      handler: async ({ params, body }) => json(200, { name: params.name, text: body }),
    }),
    defineRoute({
      method: 'post',
      path: '/json',
      summary: 'echoes a JSON body',
      tag: 'Test',
      access: { public: true },
      body: z.object({ text: z.string() }),
      responses: { 200: { description: 'echo' } },
      handler: async ({ body }) => json(200, body),
    }),
  ];

  before(async () => {
    const { app } = createHttpApp({
      api: APIS.sms,
      routes,
      authenticate: () => errAsync({ type: 'unauthorized', message: 'no' }),
      bodyLimitBytes: 32,
      logger: { info: () => undefined, error: () => undefined },
      version: 'test',
    });
    server = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  after(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const post = async (path: string, body: string, contentType: string) => {
    const res = await fetch(`${base}${path}`, { method: 'POST', body, headers: { 'Content-Type': contentType } });
    return { status: res.status, body: (await res.json()) as any };
  };

  it('hands the body to the handler as text (without its byte-order mark), for each of its content types', async () => {
    const csv = 'phone,name\r\n+254712345678,"A, B"';
    expect(await post('/upload/a', `\uFEFF${csv}`, 'text/csv; charset=utf-8')).to.deep.equal({ status: 200, body: { name: 'a', text: csv } });
    expect((await post('/upload/b', 'plain', 'text/plain')).body.text).to.equal('plain');
  });

  it('answers 415 for another content type and 422 for a missing body', async () => {
    const wrong = await post('/upload/a', '{"a":1}', 'application/json');
    expect([wrong.status, wrong.body.error.code]).to.deep.equal([415, 'unsupported_media_type']);
    expect(wrong.body.error.message).to.contain('text/csv or text/plain');
    const missing = await post('/upload/a', '', 'text/csv');
    expect(missing.status).to.equal(422);
    expect(missing.body.error.details).to.deep.equal([{ path: '', message: 'A text/csv body is required', in: 'body' }]);
  });

  it("applies the route's own limit, and every other route keeps the app's", async () => {
    expect((await post('/upload/a', 'x'.repeat(64), 'text/csv')).status, '64 bytes is the raw limit').to.equal(200);
    const over = await post('/upload/a', 'x'.repeat(65), 'text/csv');
    expect([over.status, over.body.error.code]).to.deep.equal([413, 'payload_too_large']);
    expect(over.body.error.message).to.contain('64 bytes');
    expect((await post('/json', JSON.stringify({ text: 'x'.repeat(30) }), 'application/json')).status, 'JSON over 32 bytes').to.equal(413);
    expect((await post('/json', JSON.stringify({ text: 'ok' }), 'application/json')).status).to.equal(200);
    expect((await post('/json', 'text', 'text/csv')).status, 'raw types only where a route declares them').to.equal(415);
  });

  it('documents the content types, the limit, 413 and 415 in OpenAPI', () => {
    const upload = buildOpenApiDocument(routes, { title: 't', version: '1' }).paths['/upload/{name}']!.post as any;
    expect(upload.requestBody).to.deep.equal({
      required: true,
      description: 'At most 64 bytes',
      content: { 'text/csv': { schema: { type: 'string' } }, 'text/plain': { schema: { type: 'string' } } },
    });
    expect(upload.responses).to.include.keys('200', '413', '415', '422');
    const plain = buildOpenApiDocument(routes, { title: 't', version: '1' }).paths['/json']!.post as any;
    expect(Object.keys(plain.requestBody.content)).to.deep.equal(['application/json']);
    expect(plain.responses).to.not.have.keys('413', '415');
  });
});
