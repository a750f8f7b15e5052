import { expect } from 'chai';
import { retryAfterMs, retryingFetch } from '../src/retrying-fetch.ts';

/** A fetch answering from a script, recording each request it got (with its Idempotency-Key and body). */
function scripted(...answers: (Response | Error)[]) {
  const seen: { method: string; key: string | null; body: string }[] = [];
  const fetch = async (request: Request) => {
    seen.push({ method: request.method, key: request.headers.get('Idempotency-Key'), body: await request.text() });
    const answer = answers.shift();
    if (!answer) throw new Error('no answer scripted');
    if (answer instanceof Error) throw answer;
    return answer;
  };
  return { fetch, seen };
}

const waits: number[] = [];
const recordWait = async (ms: number) => void waits.push(ms);
const answer = (status: number, headers: Record<string, string> = {}) => new Response(JSON.stringify({ status }), { status, headers });
const post = (headers: Record<string, string> = {}) => new Request('http://tuma.test/api/messages/send', { method: 'POST', headers, body: '{"to":"+254712345678"}' });

describe('sdk: retryingFetch', () => {
  beforeEach(() => (waits.length = 0));

  it('retries a 429 after the seconds Retry-After names, sending the same body again', async () => {
    const { fetch, seen } = scripted(answer(429, { 'Retry-After': '2' }), answer(200));
    const response = await retryingFetch(fetch, {}, recordWait)(post());
    expect(response.status).to.equal(200);
    expect(waits).to.deep.equal([2000]);
    expect(seen.map((s) => s.body)).to.deep.equal(['{"to":"+254712345678"}', '{"to":"+254712345678"}']);
  });

  it('retries a 503 or a lost connection only when the request can run twice: a GET, or a POST with an Idempotency-Key', async () => {
    const unkeyed = scripted(answer(503, { 'Retry-After': '1' }));
    expect((await retryingFetch(unkeyed.fetch, {}, recordWait)(post())).status).to.equal(503);
    expect(unkeyed.seen).to.have.length(1);

    const keyed = scripted(answer(503, { 'Retry-After': '1' }), new TypeError('fetch failed'), answer(200));
    expect((await retryingFetch(keyed.fetch, { retries: 2 }, recordWait)(post({ 'Idempotency-Key': 'order-1042' }))).status).to.equal(200);
    expect(keyed.seen.map((s) => s.key)).to.deep.equal(['order-1042', 'order-1042', 'order-1042']);

    const lost = scripted(new TypeError('fetch failed'));
    let thrown: unknown;
    await retryingFetch(lost.fetch, {}, recordWait)(post()).catch((error: unknown) => (thrown = error));
    expect(thrown).to.be.instanceOf(TypeError);
    expect(lost.seen).to.have.length(1);

    const read = scripted(answer(502), answer(200));
    expect((await retryingFetch(read.fetch, { baseDelayMs: 100 }, recordWait)(new Request('http://tuma.test/api/wallet'))).status).to.equal(200);
    expect(waits.at(-1)).to.be.within(75, 125);
  });

  it('retries a 409 with Retry-After (the same key still running) only for a keyed request; never a 500 or a 4xx', async () => {
    const keyed = scripted(answer(409, { 'Retry-After': '1' }), answer(200));
    expect((await retryingFetch(keyed.fetch, {}, recordWait)(post({ 'Idempotency-Key': 'k' }))).status).to.equal(200);
    for (const status of [409, 500, 400, 402, 422]) {
      const once = scripted(answer(status, { 'Retry-After': '1' }));
      expect((await retryingFetch(once.fetch, {}, recordWait)(post(status === 409 ? {} : { 'Idempotency-Key': 'k' }))).status).to.equal(status);
      expect(once.seen, String(status)).to.have.length(1);
    }
  });

  it('gives up after its retries, and returns at once an answer whose wait is longer than maxDelayMs', async () => {
    const busy = scripted(answer(429, { 'Retry-After': '1' }), answer(429, { 'Retry-After': '1' }), answer(429, { 'Retry-After': '1' }));
    expect((await retryingFetch(busy.fetch, { retries: 2 }, recordWait)(post())).status).to.equal(429);
    expect(busy.seen).to.have.length(3);
    const far = scripted(answer(429, { 'Retry-After': '3600' }));
    expect((await retryingFetch(far.fetch, { maxDelayMs: 60_000 }, recordWait)(post())).status).to.equal(429);
    expect(far.seen).to.have.length(1);
  });

  it('stops waiting when the request is aborted', async () => {
    const controller = new AbortController();
    const { fetch } = scripted(answer(429, { 'Retry-After': '5' }));
    const pending = retryingFetch(fetch)(new Request('http://tuma.test/api/wallet', { signal: controller.signal }));
    setTimeout(() => controller.abort(new Error('gave up')), 20);
    let thrown: unknown;
    await pending.catch((error: unknown) => (thrown = error));
    expect((thrown as Error).message).to.equal('gave up');
  });

  it('reads Retry-After as delta-seconds or an HTTP date', () => {
    const now = Date.parse('2026-12-03T10:00:00Z');
    expect(retryAfterMs('7', now)).to.equal(7000);
    expect(retryAfterMs('Thu, 03 Dec 2026 10:00:30 GMT', now)).to.equal(30_000);
    expect(retryAfterMs('Thu, 03 Dec 2026 09:00:00 GMT', now)).to.equal(0);
    expect([retryAfterMs(null), retryAfterMs(''), retryAfterMs('soon')]).to.deep.equal([null, null, null]);
  });
});
