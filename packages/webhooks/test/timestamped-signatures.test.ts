import { expect } from 'chai';
import fc from 'fast-check';
import { hexOf } from '@tuma/kernel';
import { ReferenceDigests } from '@tuma/kernel/testing';
import { hexDigestsEqual, TimestampedSignatures } from '../src/index.ts';

/** The one inbound scheme (SMS aggregators' pushes, the hosted checkout, Stripe's format). */
const signatures = new TimestampedSignatures(new ReferenceDigests());
const computeSignature = (secret: string, timestamp: number, rawBody: string) => signatures.signature(secret, timestamp, rawBody);
const signatureHeader = (secret: string, rawBody: string, at: Date) => signatures.header(secret, rawBody, at);

const SECRET = 'whsec_test_secret';
const body = '{"id":"evt_1","type":"checkout.session.completed"}';
const now = new Date('2026-06-01T10:00:00.000Z');
const t = Math.floor(now.getTime() / 1000);

const verify = (header: string | undefined, overrides: { rawBody?: string; secret?: string; at?: Date } = {}) =>
  signatures.verify({ header, headerName: 'Stripe-Signature', rawBody: overrides.rawBody ?? body, secret: overrides.secret ?? SECRET, now: overrides.at ?? now });

const reasonOf = (header: string | undefined, overrides: Parameters<typeof verify>[1] = {}) => {
  const result = verify(header, overrides);
  return result.isErr() ? result.error.reason : 'ok';
};

describe('signed inbound webhooks: timestamped signatures (Stripe scheme)', () => {
  it('signs t.payload with HMAC-SHA256 of the endpoint secret, in hex (the documented scheme)', () => {
    // As node:crypto's createHmac wrote it, and providers write it: the header must not move.
    const expected = '51cabd9793948a3224d236a0c914f81b5ed1addc1ad8602be7e59d3ffe07f58c';
    expect(computeSignature(SECRET, t, body)).to.equal(expected);
    expect(signatureHeader(SECRET, body, now)).to.equal(`t=1780308000,v1=${expected}`);
  });

  it('accepts its own signature, with v0 and unknown parts around, and when one of several v1 values matches', () => {
    const good = computeSignature(SECRET, t, body);
    const other = computeSignature('whsec_old_secret', t, body);
    expect(reasonOf(`t=${t},v1=${good}`)).to.equal('ok');
    expect(reasonOf(`t=${t},v0=abc,v1=${good},x=1`)).to.equal('ok');
    expect(reasonOf(`t=${t},v1=${other},v1=${good}`)).to.equal('ok');
    expect(reasonOf(`t=${t}, v1=${good.toUpperCase()}`)).to.equal('ok');
  });

  it('refuses a missing or malformed header, another secret, and a body changed by a single byte', () => {
    expect(reasonOf(undefined)).to.equal('signature');
    expect(reasonOf('')).to.equal('signature');
    expect(reasonOf(`v1=${computeSignature(SECRET, t, body)}`)).to.equal('signature');
    expect(reasonOf(`t=${t}`)).to.equal('signature');
    expect(reasonOf(`t=abc,v1=${computeSignature(SECRET, t, body)}`)).to.equal('signature');
    expect(reasonOf(signatureHeader('whsec_wrong', body, now))).to.equal('signature');
    expect(reasonOf(signatureHeader(SECRET, body, now), { rawBody: body.replace('evt_1', 'evt_2') })).to.equal('signature');
    expect(verify(undefined)._unsafeUnwrapErr().message).to.equal('Missing Stripe-Signature header');
  });

  it('refuses a signature whose timestamp is more than 300 s away, either side, and names the timestamp', () => {
    const signedAt = (seconds: number) => signatureHeader(SECRET, body, new Date(now.getTime() + seconds * 1000));
    expect(reasonOf(signedAt(-300))).to.equal('ok');
    expect(reasonOf(signedAt(300))).to.equal('ok');
    expect(reasonOf(signedAt(-301))).to.equal('timestamp');
    expect(reasonOf(signedAt(301))).to.equal('timestamp');
    expect(verify(signedAt(-3600))._unsafeUnwrapErr().message).to.contain('3600 s');
  });

  it('refuses a replayed signature moved to a fresh timestamp (the timestamp is signed)', () => {
    const old = new Date(now.getTime() - 3600_000);
    const stale = signatureHeader(SECRET, body, old);
    const signature = stale.split('v1=')[1];
    expect(reasonOf(`t=${t},v1=${signature}`)).to.equal('signature');
  });

  describe('constant-time comparison of digests', () => {
    const digest = computeSignature(SECRET, t, body);

    it('is equality for well-formed hex digests of the same length', () => {
      expect(hexDigestsEqual(digest, digest)).to.equal(true);
      const first = (digest[0] === '0' ? '1' : '0') + digest.slice(1);
      const last = digest.slice(0, -1) + (digest.at(-1) === '0' ? '1' : '0');
      expect(hexDigestsEqual(digest, first)).to.equal(false);
      expect(hexDigestsEqual(digest, last)).to.equal(false);
    });

    it('answers false, without throwing, for other lengths and non-hex input', () => {
      expect(hexDigestsEqual(digest, digest.slice(0, 62))).to.equal(false);
      expect(hexDigestsEqual(digest, `${digest}00`)).to.equal(false);
      expect(hexDigestsEqual(digest, '')).to.equal(false);
      expect(hexDigestsEqual(digest, 'z'.repeat(64))).to.equal(false);
    });

    it('law: agrees with string equality on any pair of 32-byte digests', () => {
      fc.assert(
        fc.property(fc.uint8Array({ minLength: 32, maxLength: 32 }), fc.uint8Array({ minLength: 32, maxLength: 32 }), (a, b) => {
          const [left, right] = [hexOf(a), hexOf(b)];
          expect(hexDigestsEqual(left, right)).to.equal(left === right);
          expect(hexDigestsEqual(left, left)).to.equal(true);
        }),
      );
    });
  });
});
