import { expect } from 'chai';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { errAsync, notFound, okAsync, ResultAsync } from '@tuma/kernel';
import type { LinkDestination, ShortPath, Visit } from '@tuma/links';
import type { RateLimitDecision } from '@tuma/rate-limits';
import { createShortLinkHost, type ShortLinkUseCases } from '../src/index.ts';

/**
 * The short-link host's clicks are answered below Koa: what a Koa app gave the other routes for
 * free (JSON errors, 500s logged with a request id, HEAD without a body) is checked here, with the
 * links' use cases and the limiter stubbed.
 */
describe('the short-link host (createShortLinkHost)', () => {
  let server: Server;
  let base: string;
  const errors: Record<string, unknown>[] = [];
  const visits: { path: ShortPath; visit: Visit | undefined }[] = [];
  let refuse = false;
  let destinations: Record<string, LinkDestination | 'throws'> = {};

  const followLink = {
    execute: (path: ShortPath, visit?: Visit) => {
      visits.push({ path, visit });
      const destination = destinations[path.slug];
      if (destination === 'throws') return ResultAsync.fromSafePromise(Promise.reject(new Error('the store is down')));
      return destination ? okAsync(destination) : errAsync(notFound('link', path.slug));
    },
  };
  const decision = (allowed: boolean): RateLimitDecision => ({ allowed, limit: 10, remaining: allowed ? 9 : 0, resetSeconds: 1 });

  before(async () => {
    const host = createShortLinkHost({
      useCases: { followLink, unlockLink: { execute: () => errAsync(notFound('link', 'x')) } } as unknown as ShortLinkUseCases,
      basePath: '/s',
      logger: { info: () => undefined, error: (entry) => errors.push(entry) },
      rateLimits: { limits: { forAddress: async () => decision(!refuse), forKey: async () => decision(true) }, trustedProxyHops: 1 },
      trustedProxyHops: 1,
    });
    server = createServer(host);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  after(() => new Promise<void>((resolve) => server.close(() => resolve())));
  beforeEach(() => {
    errors.length = 0;
    visits.length = 0;
    refuse = false;
    destinations = { spring: { kind: 'redirect', location: 'https://shop.example/spring?utm_source=sms' } };
  });

  const request = (path: string, init: RequestInit = {}) => fetch(`${base}${path}`, { redirect: 'manual', ...init });

  it('redirects a GET with the visit as seen (the proxy’s address, User-Agent, Referer), uncached, with an empty body', async () => {
    const res = await request('/s/spring?fbclid=x', { headers: { 'X-Forwarded-For': '198.51.100.7', 'User-Agent': 'Handset/1.0', Referer: 'https://news.example/a' } });
    expect([res.status, res.headers.get('location'), res.headers.get('cache-control'), res.headers.get('content-length')]).to.deep.equal([302, 'https://shop.example/spring?utm_source=sms', 'private, no-store, max-age=0', '0']);
    expect(await res.text()).to.equal('');
    expect(visits).to.deep.equal([{ path: { slug: 'spring', domainId: null }, visit: { address: '198.51.100.7', userAgent: 'Handset/1.0', referer: 'https://news.example/a' } }]);
  });

  it('answers HEAD alike with no visit, and the pages of expired, protected and unknown links with their statuses', async () => {
    destinations.gone = { kind: 'expired', location: null };
    destinations.locked = { kind: 'password_required' };
    const head = await request('/s/spring', { method: 'HEAD' });
    expect([head.status, head.headers.get('location')]).to.deep.equal([302, 'https://shop.example/spring?utm_source=sms']);
    expect(visits.map((v) => v.visit)).to.deep.equal([undefined]);
    const pages = await Promise.all(['/s/gone', '/s/locked', '/s/unknown', '/s/not%20a%20slug', '/s'].map((path) => request(path)));
    expect(pages.map((page) => page.status)).to.deep.equal([410, 200, 404, 404, 404]);
    expect(pages.map((page) => page.headers.get('content-type'))).to.deep.equal(Array(5).fill('text/html; charset=utf-8'));
    expect(await pages[1]!.text()).to.include('name="password"');
  });

  it('refuses a visitor over the per-address limit with the JSON 429 of every route, and looks nothing up', async () => {
    refuse = true;
    const res = await request('/s/spring');
    expect([res.status, res.headers.get('retry-after'), res.headers.get('ratelimit-limit'), res.headers.get('content-type')]).to.deep.equal([429, '1', '10', 'application/json; charset=utf-8']);
    expect(((await res.json()) as { error: { code: string } }).error.code).to.equal('rate_limited');
    expect(visits).to.deep.equal([]);
  });

  it('answers a failing lookup 500 with the request id it logs (the caller’s, when well-formed), no detail of ours', async () => {
    destinations.spring = 'throws';
    const res = await request('/s/spring', { headers: { 'X-Request-Id': 'req_support-1' } });
    expect([res.status, res.headers.get('x-request-id')]).to.deep.equal([500, 'req_support-1']);
    expect(await res.json()).to.deep.equal({ error: { code: 'internal_error', message: 'Something went wrong on our side', request_id: 'req_support-1' } });
    expect(errors).to.have.length(1);
    expect(errors[0]).to.include({ msg: 'unhandled error', request_id: 'req_support-1' });
    expect(String(errors[0]!.error)).to.include('the store is down');
  });

  it('sends other methods to the form app: 405 naming the allowed ones, as JSON with a request id', async () => {
    const res = await request('/s/spring', { method: 'DELETE' });
    expect([res.status, res.headers.get('allow')]).to.deep.equal([405, 'GET, HEAD, POST']);
    expect(res.headers.get('x-request-id')).to.match(/^req_/);
    expect(((await res.json()) as { error: { code: string } }).error.code).to.equal('method_not_allowed');
  });
});
