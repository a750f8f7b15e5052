import { expect } from 'chai';
import { Container, ContainerModule } from 'inversify';
import { errAsync } from '@tuma/kernel';
import { defineRoute, json, type Authenticate } from '@tuma/koa-adapter';
import { modulesByApi } from '../src/api-apps.ts';
import { apiPlacements, publicUrls } from '../src/api-placement.ts';
import type { ServerModule } from '../src/modules/server-module.ts';
import { ConfigError, loadConfig, type StartedServer } from '../src/index.ts';
import { printWelcome } from '../src/welcome.ts';

describe('hosting of the APIs: settings and banner', () => {
  it('places every API on PORT by default, SMS at the root and the others under /auth, /mail, /links', () => {
    expect(apiPlacements(loadConfig({ PORT: '3000' }))).to.deep.equal({
      sms: { shared: true, port: 3000, basePath: '' },
      auth: { shared: true, port: 3000, basePath: '/auth' },
      mail: { shared: true, port: 3000, basePath: '/mail' },
      links: { shared: true, port: 3000, basePath: '/links' },
    });
  });

  it('moves an API given its own port to the root of that port (0: any free one)', () => {
    const placements = apiPlacements(loadConfig({ PORT: '3000', AUTH_PORT: '3001', LINKS_PORT: '0' }));
    expect(placements.auth).to.deep.equal({ shared: false, port: 3001, basePath: '' });
    expect(placements.links).to.deep.equal({ shared: false, port: 0, basePath: '' });
    expect(placements.mail).to.deep.equal({ shared: true, port: 3000, basePath: '/mail' });
  });

  it('derives public URLs from where each API listens, once it listens, unless *_PUBLIC_URL names one', () => {
    const urls = publicUrls(loadConfig({ PORT: '0', MAIL_PORT: '0', LINKS_PUBLIC_URL: 'https://go.example.com/', PUBLIC_BASE_URL: 'https://api.example.com' }));
    urls.auth.listeningOn(41000);
    urls.mail.listeningOn(41001);
    expect([urls.sms.value, urls.auth.value, urls.mail.value, urls.links.value]).to.deep.equal([
      'https://api.example.com',
      'http://localhost:41000/auth',
      'http://localhost:41001',
      'https://go.example.com',
    ]);
  });

  it('refuses ports out of range, a port taken twice, and public URLs that are not http(s)', () => {
    expect(() => loadConfig({ MAIL_PORT: '70000' })).to.throw(ConfigError, /MAIL_PORT: .*65535/);
    expect(() => loadConfig({ AUTH_PORT: 'eighty' })).to.throw(ConfigError, /AUTH_PORT:/);
    expect(() => loadConfig({ PORT: '3000', LINKS_PORT: '3000' })).to.throw(ConfigError, /LINKS_PORT: must differ from PORT \(3000\)/);
    expect(() => loadConfig({ AUTH_PORT: '4000', MAIL_PORT: '4000' })).to.throw(ConfigError, /MAIL_PORT: must differ from AUTH_PORT \(4000\)/);
    expect(() => loadConfig({ MAIL_PUBLIC_URL: 'ftp://mail.example.com' })).to.throw(ConfigError, /MAIL_PUBLIC_URL: must be an http\(s\):\/\/ URL/);
    // Port 0 asks for a free port each time: any number of them.
    expect(loadConfig({ PORT: '0', AUTH_PORT: '0', MAIL_PORT: '0', LINKS_PORT: '0' }).apis.mail.port).to.equal(0);
  });

  it('prints the base URL and the explorer of every API at start, and the public URL where it differs', () => {
    const config = loadConfig({ TUMA_DATA_DIR: 'memory://' });
    const started: StartedServer = {
      port: 3000,
      demo: undefined,
      servers: { 'mail-submission': 2587, 'mail-inbound': 2525 },
      apis: {
        sms: { port: 3000, basePath: '', publicUrl: 'http://localhost:3000' },
        auth: { port: 3000, basePath: '/auth', publicUrl: 'http://localhost:3000/auth' },
        mail: { port: 3025, basePath: '', publicUrl: 'https://mail.example.com' },
        links: { port: 3000, basePath: '/links', publicUrl: 'http://localhost:3000/links' },
      },
    };
    let printed = '';
    printWelcome(config, started, (text) => (printed += text));
    expect(printed.split('\n').slice(1, 10)).to.deep.equal([
      'Tuma is listening on http://localhost:3000  (database: embedded, memory://, role: all)',
      '  SMS, Verify, Two-Way: http://localhost:3000        explorer: http://localhost:3000/docs',
      '  Account service:      http://localhost:3000/auth   explorer: http://localhost:3000/auth/docs',
      '  Mail API:             http://localhost:3025        explorer: http://localhost:3025/docs  (public: https://mail.example.com)',
      '  Links API:            http://localhost:3000/links  explorer: http://localhost:3000/links/docs',
      '  Each base URL also serves /openapi.json and /health.',
      '  Web console:          http://localhost:3000/app  (sign up, keys, webhooks, SMS, billing)',
      '  Mail SMTP submission: smtp://localhost:2587 (an SMTP credential of /mail/v1/smtp-credentials)',
      '  Mail inbound SMTP:    smtp://localhost:2525 (the MX of return paths: bounces and complaints)',
    ]);
  });

  it("gives each API the routes and the key check of the server modules naming it (SMS's when they name none)", () => {
    const route = (path: string) => defineRoute({ method: 'get', path, summary: path, tag: 'Test', access: { public: true }, responses: {}, handler: async () => json(200, {}) });
    const mailKeys: Authenticate = () => errAsync({ type: 'unauthorized', message: 'not a mail key' });
    const module = (name: string, rest: Partial<ServerModule>): ServerModule => ({ name, bindings: new ContainerModule(() => undefined), ...rest });
    const byApi = modulesByApi([module('sms-thing', { routes: () => [route('/api/thing')] }), module('mail', { api: 'mail', routes: () => [route('/v1/domains')], authenticator: () => mailKeys })], new Container());
    expect(byApi.sms.routes.map((r) => r.path)).to.deep.equal(['/api/thing']);
    expect([byApi.mail.routes.map((r) => r.path), byApi.mail.authenticate]).to.deep.equal([['/v1/domains'], mailKeys]);
    expect([byApi.links.routes, byApi.links.authenticate]).to.deep.equal([[], undefined]);
    const twice = [module('mail', { api: 'mail', authenticator: () => mailKeys }), module('mail-2', { api: 'mail', authenticator: () => mailKeys })];
    expect(() => modulesByApi(twice, new Container())).to.throw(/mail-2: the mail API's keys are already checked by another module/);
  });
});
