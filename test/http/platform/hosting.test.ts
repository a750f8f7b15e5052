import { expect } from 'chai';
import { API_NAMES, OPERATION_IDS, toOpenApiPath, type ApiName } from '@tuma/koa-adapter';
import { buildInfo } from '@tuma/server';
import { databaseKind } from '../../support/test-database.ts';
import { startTestServer, type TestServer } from '../../support/test-server.ts';

const TITLES: Record<ApiName, string> = { sms: 'Tuma API', auth: 'Tuma account service', mail: 'Tuma Mail API', links: 'Tuma Links API' };

/** Every `method path` an API's document lists, mirrors included. */
const documented = (document: { paths: Record<string, Record<string, { 'x-aliases'?: string[] }>> }) =>
  Object.entries(document.paths).flatMap(([path, item]) => Object.entries(item).flatMap(([method, operation]) => [path, ...(operation['x-aliases'] ?? [])].map((served) => `${method} ${served}`)));

/** Issue 14: the four APIs, each a Koa app with its own document, explorer, errors and key kinds. */
describe(`Hosting of the APIs on ${databaseKind()}`, () => {
  describe('one port (the default)', () => {
    let api: TestServer;
    before(async () => {
      api = await startTestServer();
    });
    after(() => api.stop());

    it('serves SMS at the root and the others under /auth, /mail, /links, and says so', () => {
      const port = api.started.port!;
      expect(api.started.apis).to.deep.equal({
        sms: { port, basePath: '', publicUrl: `http://localhost:${port}` },
        auth: { port, basePath: '/auth', publicUrl: `http://localhost:${port}/auth` },
        mail: { port, basePath: '/mail', publicUrl: `http://localhost:${port}/mail` },
        links: { port, basePath: '/links', publicUrl: `http://localhost:${port}/links` },
      });
    });

    it('answers the liveness probe of each API under its base URL', async () => {
      for (const path of ['/health', '/auth/health', '/mail/health', '/links/health']) {
        const res = await api.request('GET', path);
        expect([res.status, res.body], path).to.deep.equal([200, { status: 'ok', version: '1.0.0', build: buildInfo() }]);
      }
      // Readiness (database, queue, prices) is the operator's, on the SMS API only.
      expect((await api.request('GET', '/mail/health/ready')).status).to.equal(404);
    });

    it("serves each API's own OpenAPI document: its title, its base path, exactly its own routes", async () => {
      for (const name of API_NAMES) {
        const res = await api.request('GET', `${api.started.apis![name].basePath}/openapi.json`);
        expect(res.body.info.title, name).to.equal(TITLES[name]);
        expect(res.body.servers, name).to.deep.equal([{ url: api.started.apis![name].basePath || '/', description: 'This server' }]);
        const mounted = api.server.mountedRoutes[name]!.map((route) => `${route.method} ${toOpenApiPath(route.path)}`);
        expect(documented(res.body).sort(), name).to.deep.equal([...mounted].sort());
        const operations = Object.values(res.body.paths as Record<string, Record<string, { operationId: string }>>).flatMap((item) => Object.values(item));
        expect(operations.map((op) => op.operationId).filter((id) => !Object.values(OPERATION_IDS).includes(id)), name).to.deep.equal([]);
      }
      const [mail, links] = await Promise.all(['/mail', '/links'].map(async (base) => (await api.request('GET', `${base}/openapi.json`)).body));
      expect(Object.keys(mail.paths)).to.include.members(['/health', '/v1/api-keys']);
      expect(Object.keys(links.paths)).to.include.members(['/health', '/v1/keys', '/v1/links', '/v1/links/{id}', '/v1/analytics/{link_id}']);
      expect(links.components.securitySchemes.bearerAuth.description).to.equal('svc_l_... API key');
    });

    it('serves the explorer of each API, loading its assets and its document under its base path', async () => {
      for (const name of API_NAMES) {
        const base = api.started.apis![name].basePath;
        const page = await api.request('GET', `${base}/docs`);
        expect([page.status, page.headers.get('content-type')], name).to.deep.equal([200, 'text/html; charset=utf-8']);
        expect(page.text).to.contain(`<title>${TITLES[name]}</title>`);
        const sources = [...page.text.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1]!);
        for (const source of sources) {
          expect(source.startsWith(`${base}/docs/`), source).to.equal(true);
          expect((await api.request('GET', source)).status, source).to.equal(200);
        }
        expect((await api.request('GET', `${base}/docs/init.js`)).text).to.contain(`url: '${base}/openapi.json'`);
      }
    });

    it('sends /auth, with or without its slash, to the account service', async () => {
      for (const path of ['/auth', '/auth/']) {
        const res = await fetch(`${api.baseUrl}${path}`, { redirect: 'manual' });
        expect([res.status, res.headers.get('location')], path).to.deep.equal([302, '/auth/docs']);
      }
    });

    it('answers a path an API lacks from that API, in the one error shape', async () => {
      const missing = await api.request('GET', '/mail/x');
      expect([missing.status, missing.body]).to.deep.equal([404, { error: { code: 'not_found', message: 'No route for GET /mail/x' } }]);
      expect(missing.headers.get('x-request-id')).to.match(/^req_/);
      // The mail API has /health (the SMS API has no /mail/health): its 405, not a 404.
      const wrong = await api.request('POST', '/mail/health');
      expect([wrong.status, wrong.body.error.code, wrong.headers.get('allow')]).to.deep.equal([405, 'method_not_allowed', 'HEAD, GET']);
    });

    it("keeps each API's paths to itself: SMS routes are not under /mail, nor the others' at the root", async () => {
      expect((await api.request('GET', '/mail/api/auth/me', { key: api.started.demo!.testKey })).status).to.equal(404);
      expect((await api.request('GET', '/mailbox')).status).to.equal(404);
      expect((await api.request('GET', '/api/auth/me', { key: api.started.demo!.testKey })).status).to.equal(200);
    });
  });

  describe('APIs moved to ports of their own', () => {
    let api: TestServer;
    before(async () => {
      api = await startTestServer({ AUTH_PORT: '0', MAIL_PORT: '0', LINKS_PUBLIC_URL: 'https://go.example.com/' });
    });
    after(() => api.stop());

    it('serves a moved API at the root of its own port, and the others where they were', () => {
      const { sms, auth, mail, links } = api.started.apis!;
      expect(new Set([sms.port, auth.port, mail.port]).size, 'three ports').to.equal(3);
      expect(auth).to.deep.equal({ port: auth.port, basePath: '', publicUrl: `http://localhost:${auth.port}` });
      expect(mail).to.deep.equal({ port: mail.port, basePath: '', publicUrl: `http://localhost:${mail.port}` });
      expect(links).to.deep.equal({ port: sms.port, basePath: '/links', publicUrl: 'https://go.example.com' });
    });

    it('answers on its own port: health, document, explorer, its 404s', async () => {
      for (const name of ['auth', 'mail'] as const) {
        expect((await api.request('GET', '/health', { api: name })).body, name).to.deep.equal({ status: 'ok', version: '1.0.0', build: buildInfo() });
        const document = (await api.request('GET', '/openapi.json', { api: name })).body;
        expect([document.info.title, document.servers[0].url], name).to.deep.equal([TITLES[name], '/']);
        expect((await api.request('GET', '/docs', { api: name })).text).to.contain(`<title>${TITLES[name]}</title>`);
        expect((await api.request('GET', '/api/auth/me', { api: name })).status, 'no SMS route there').to.equal(404);
      }
      const res = await fetch(`${api.apiUrl('mail')}/`, { redirect: 'manual' });
      expect(res.headers.get('location')).to.equal('/docs');
    });

    it('is no longer under its path on the shared port (one URL per API): 404 from the SMS API', async () => {
      for (const path of ['/auth/health', '/mail/health', '/mail']) {
        const res = await api.request('GET', path);
        expect([res.status, res.body.error.code], path).to.deep.equal([404, 'not_found']);
      }
      expect((await api.request('GET', '/links/health')).status).to.equal(200);
    });

    it('stops listening on every port when stopped', async () => {
      const { sms, auth, mail } = api.started.apis!;
      await api.stop();
      for (const port of [sms.port, auth.port, mail.port]) {
        const error = await fetch(`http://127.0.0.1:${port}/health`).then(() => undefined, (failure: Error) => failure);
        expect(String((error?.cause as { code?: string } | undefined)?.code), String(port)).to.equal('ECONNREFUSED');
      }
    });
  });
});
