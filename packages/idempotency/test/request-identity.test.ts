import { expect } from 'chai';
import fc from 'fast-check';
import { canonicalJson, IDEMPOTENCY_KEY_HEADER, IdempotencyKey, requestFingerprint } from '../src/index.ts';

describe('IdempotencyKey', () => {
  it('takes 1 to 255 printable ASCII characters (space to tilde) as they are', () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.integer({ min: 0x20, max: 0x7e }).map((code) => String.fromCharCode(code)), minLength: 1, maxLength: 255 }), (raw) => {
        expect(IdempotencyKey.create(raw)._unsafeUnwrap().value).to.equal(raw);
      }),
    );
  });

  it('refuses an empty key, a longer one and any other character, naming the header', () => {
    for (const raw of ['', 'x'.repeat(256), 'tab\there', 'new\nline', 'caf\u00e9', 'emoji \u{1F600}', '\u007f']) {
      const refused = IdempotencyKey.create(raw)._unsafeUnwrapErr();
      expect(refused.type, JSON.stringify(raw)).to.equal('validation_error');
      expect(refused.details.map((d) => d.path)).to.deep.equal([IDEMPOTENCY_KEY_HEADER]);
    }
  });
});

describe('requestFingerprint', () => {
  const body = { to: '+254712345678', text: 'Habari', recipients: [{ to: '+254712345678', vars: { b: '2', a: '1' } }] };

  it('is the same for bodies that differ only in key order, at any depth', async () => {
    const reordered = { recipients: [{ vars: { a: '1', b: '2' }, to: '+254712345678' }], text: 'Habari', to: '+254712345678' };
    expect(canonicalJson(reordered)).to.equal(canonicalJson(body));
    expect(await requestFingerprint('POST /api/messages/send', reordered)).to.equal(await requestFingerprint('POST /api/messages/send', body));
  });

  it('differs for another operation, another value or another order of a list, and is 64 hex characters', async () => {
    const send = await requestFingerprint('POST /api/messages/send', body);
    expect(send).to.match(/^[0-9a-f]{64}$/);
    const others = await Promise.all([
      requestFingerprint('POST /api/messages/send-bulk', body),
      requestFingerprint('POST /api/messages/send', { ...body, text: 'Habari!' }),
      requestFingerprint('POST /api/messages/send', { ...body, recipients: [...body.recipients, { to: '+254700000000', vars: {} }] }),
      requestFingerprint('POST /api/messages/send', [1, 2]),
      requestFingerprint('POST /api/messages/send', [2, 1]),
      requestFingerprint('POST /api/messages/send', undefined),
    ]);
    expect(new Set([send, ...others]).size).to.equal(others.length + 1);
  });
});
