import { expect } from 'chai';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { errAsync } from '@tuma/kernel';
import { APIS, createHttpApp, defineRoute, json, mountApis, type ApiName, type RouteDefinition } from '../src/index.ts';

/** The same path in every API, answering which API it is: nothing may shadow anything. */
const domains = (api: ApiName): RouteDefinition =>
  defineRoute({
    method: 'get',
    path: '/v1/domains',
    summary: `${api} domains`,
    tag: 'Test',
    access: { public: true },
    responses: { 200: { description: 'which API answered' } },
    handler: async () => json(200, { api }),
  });

describe('several APIs on one port (mountApis)', () => {
  let server: Server;
  let base: string;
  const logged: Record<string, unknown>[] = [];
  const appOf = (api: ApiName, basePath: string) =>
    createHttpApp({ api: APIS[api], basePath, routes: [domains(api)], bodyLimitBytes: 1024, logger: { info: (entry) => logged.push(entry), error: () => undefined }, version: 'test' }).app;

  before(async () => {
    server = createServer(mountApis(appOf('sms', ''), [{ basePath: '/mail', app: appOf('mail', '/mail') }, { basePath: '/links', app: appOf('links', '/links') }]));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  after(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const get = async (path: string) => {
    const res = await fetch(`${base}${path}`, { redirect: 'manual' });
    return { status: res.status, location: res.headers.get('location'), allow: res.headers.get('allow'), body: (await res.json()) as any };
  };

  it('sends each base path to its own app, with the path within the API, and everything else to the root app', async () => {
    expect((await get('/mail/v1/domains')).body).to.deep.equal({ api: 'mail' });
    expect((await get('/links/v1/domains?limit=1')).body).to.deep.equal({ api: 'links' });
    expect((await get('/v1/domains')).body).to.deep.equal({ api: 'sms' });
  });

  it('takes a base path as a whole segment: /mailbox is the root app\'s', async () => {
    const res = await get('/mailbox/v1/domains');
    expect([res.status, res.body.error.message]).to.deep.equal([404, 'No route for GET /mailbox/v1/domains']);
  });

  it("answers a path the API lacks from that API, in the error shape and naming the full path; and its 405s", async () => {
    const missing = await get('/mail/x');
    expect(missing.status).to.equal(404);
    expect(missing.body).to.deep.equal({ error: { code: 'not_found', message: 'No route for GET /mail/x' } });
    const wrong = await fetch(`${base}/links/v1/domains`, { method: 'DELETE' });
    expect([wrong.status, ((await wrong.json()) as any).error.code]).to.deep.equal([405, 'method_not_allowed']);
    expect(logged.at(-1)).to.include({ method: 'DELETE', path: '/links/v1/domains', status: 405 });
  });

  it('sends the bare base path, with or without its slash, to the explorer under it', async () => {
    for (const path of ['/mail', '/mail/']) {
      const res = await get(path);
      expect([res.status, res.location], path).to.deep.equal([302, '/mail/docs']);
      expect(res.body).to.deep.equal({ docs: '/mail/docs', openapi: '/mail/openapi.json', health: '/mail/health' });
    }
  });

  it("writes every URL of the API's document and explorer under its base path", async () => {
    const document = (await get('/links/openapi.json')).body;
    expect(document.info.title).to.equal('Tuma Links API');
    expect(document.servers).to.deep.equal([{ url: '/links', description: 'This server' }]);
    expect(Object.keys(document.paths)).to.deep.equal(['/v1/domains']);
    const page = await (await fetch(`${base}/links/docs`)).text();
    const sources = [...page.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1]!);
    expect(sources).to.have.length(5);
    for (const source of sources) expect((await fetch(`${base}${source}`)).status, source).to.equal(200);
    expect(await (await fetch(`${base}/links/docs/init.js`)).text()).to.contain("url: '/links/openapi.json'");
  });

  it('refuses to build a keyed route without a key check, a session route without an access-token check, and a base path that is not one plain segment', () => {
    const keyed = defineRoute({ ...domains('mail'), access: { anyScope: ['send'] } });
    const options = { api: APIS.mail, bodyLimitBytes: 1024, logger: { info: () => undefined, error: () => undefined }, version: 'test' };
    expect(() => createHttpApp({ ...options, routes: [keyed] })).to.throw(/GET \/v1\/domains takes an API key: createHttpApp needs its authenticate option \(mail API\)/);
    expect(createHttpApp({ ...options, routes: [keyed], authenticate: () => errAsync({ type: 'unauthorized', message: 'no' }) }).mounted).to.have.length(1);
    const session = defineRoute({ ...domains('mail'), access: { session: true } });
    expect(() => createHttpApp({ ...options, routes: [session] })).to.throw(/GET \/v1\/domains takes an access token: createHttpApp needs its authenticateSession option \(mail API\)/);
    for (const basePath of ['mail', '/mail/', '/a/b', '/"x']) expect(() => createHttpApp({ ...options, basePath, routes: [] }), basePath).to.throw(/base path/);
  });
});
