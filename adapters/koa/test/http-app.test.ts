import { expect } from 'chai';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { errAsync } from '@tuma/kernel';
import { z } from 'zod';
import { APIS, createHttpApp, defineRoute, json } from '../src/index.ts';

describe('HTTP app middleware', () => {
  let server: Server;
  let base: string;
  const logged: Record<string, unknown>[] = [];
  const noted: unknown[] = [];

  before(async () => {
    const { app } = createHttpApp({
      api: APIS.sms,
      routes: [
        defineRoute({
          method: 'get',
          path: '/boom',
          summary: 'throws',
          tag: 'Test',
          access: { public: true },
          responses: {},
          handler: async () => {
            throw new Error('secret internal detail');
          },
        }),
        defineRoute({
          method: 'post',
          path: '/reset',
          summary: 'reads its body, then loses a connection of its own',
          tag: 'Test',
          access: { public: true },
          body: z.object({ n: z.number() }),
          responses: {},
          handler: async () => {
            throw Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' });
          },
        }),
        defineRoute({
          method: 'get',
          path: '/unreachable',
          summary: 'the database is down',
          tag: 'Test',
          access: { public: true },
          responses: {},
          handler: async () => {
            throw Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
          },
        }),
        defineRoute({
          method: 'get',
          path: '/items/:id',
          summary: 'echo',
          tag: 'Test',
          access: { public: true },
          params: z.object({ id: z.coerce.number().int().positive() }),
          query: z.object({ limit: z.coerce.number().int().min(1).max(100).default(20) }),
          responses: {},
          handler: async ({ params, query }) => json(200, { id: params.id, limit: query.limit }),
        }),
      ],
      authenticate: () => errAsync({ type: 'unauthorized', message: 'no' }),
      bodyLimitBytes: 1024,
      logger: { info: () => undefined, error: (entry) => logged.push(entry) },
      version: 'test',
      outages: { noted: (error) => (noted.push(error), (error as { code?: string }).code === 'ECONNREFUSED') },
    });
    server = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  after(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('answers 503 service_unavailable with Retry-After for a fault its outage watch calls an outage, and leaves the log to the watch', async () => {
    const before = logged.length;
    const res = await fetch(`${base}/unreachable`);
    expect([res.status, res.headers.get('retry-after')]).to.deep.equal([503, '5']);
    expect(((await res.json()) as any).error).to.deep.equal({ code: 'service_unavailable', message: 'The service cannot reach its database right now; retry in 5 seconds', retry_after: 5 });
    expect(logged.length, 'no stack logged').to.equal(before);
    expect(String(noted.at(-1))).to.contain('ECONNREFUSED');
  });

  it('answers a connection of ours reset after the request was read (ECONNRESET) as a fault, not as a client that went away', async () => {
    const res = await fetch(`${base}/reset`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ n: 1 }) });
    expect(res.status).to.equal(500);
    expect(((await res.json()) as any).error.code).to.equal('internal_error');
  });

  it('turns a thrown bug into a 500 with the request id, logging the stack but not sending it', async () => {
    const res = await fetch(`${base}/boom`, { headers: { 'X-Request-Id': 'trace-123' } });
    const body = (await res.json()) as any;
    expect(res.status).to.equal(500);
    expect(body.error).to.deep.equal({ code: 'internal_error', message: 'Something went wrong on our side', request_id: 'trace-123' });
    expect(JSON.stringify(body)).not.to.contain('secret internal detail');
    expect(res.headers.get('x-request-id')).to.equal('trace-123');
    expect(String(logged.at(-1)?.error)).to.contain('secret internal detail');
  });

  it('replaces an unsafe incoming request id with its own', async () => {
    const res = await fetch(`${base}/items/1`, { headers: { 'X-Request-Id': 'bad id\twith spaces' } });
    expect(res.headers.get('x-request-id')).to.match(/^req_[0-9A-Z]{26}$/);
  });

  it('coerces and validates path and query parameters, reporting where the field is', async () => {
    expect(await (await fetch(`${base}/items/7?limit=5`)).json()).to.deep.equal({ id: 7, limit: 5 });
    expect(await (await fetch(`${base}/items/7`)).json()).to.deep.equal({ id: 7, limit: 20 });
    const res = await fetch(`${base}/items/-1?limit=500`);
    const body = (await res.json()) as any;
    expect(res.status).to.equal(422);
    expect(body.error.details).to.deep.include.members([
      { path: 'id', message: body.error.details[0].message, in: 'path' },
    ]);
    expect(body.error.details.map((d: { in: string; path: string }) => `${d.in}:${d.path}`)).to.deep.equal(['path:id', 'query:limit']);
  });

  it('refuses a body over the limit even without a Content-Length', async () => {
    const stream = new ReadableStream({
      start(controller) {
        controller.enqueue(new TextEncoder().encode(`{"a":"${'x'.repeat(2000)}"}`));
        controller.close();
      },
    });
    const res = await fetch(`${base}/items/1`, { method: 'POST', body: stream, duplex: 'half', headers: { 'Content-Type': 'application/json' } } as RequestInit);
    expect(res.status).to.equal(413);
  });
});
