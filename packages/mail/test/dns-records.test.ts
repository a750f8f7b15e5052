import { expect } from 'chai';
import fc from 'fast-check';
import { checkRecord, DEFAULT_MAIL_DNS, parseTagList, recordsFor, renderTagList, type DnsRecord, type RecordPurpose } from '../src/index.ts';

const settings = DEFAULT_MAIL_DNS;
const KEY = 'MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEAx5yK1ZlQk9Tw0+/AbCdEf';
const records = recordsFor('example.com', { selector: 'tuma202611-ab12', publicKey: KEY }, settings);
const record = (purpose: RecordPurpose): DnsRecord => records.find((r) => r.purpose === purpose)!;
const txt = (...records: readonly (readonly string[])[]) => ({ kind: 'txt', records }) as const;

/** Cuts a text into pieces of the given sizes, as a zone publishes a long TXT record. */
function split(text: string, sizes: readonly number[]): string[] {
  const pieces: string[] = [];
  let at = 0;
  for (const size of sizes) {
    if (at >= text.length) break;
    pieces.push(text.slice(at, (at += size)));
  }
  if (at < text.length) pieces.push(text.slice(at));
  return pieces;
}

describe('the records of a domain', () => {
  it('asks for SPF at the apex, DKIM at its selector, a return path (MX and SPF) and a DMARC start; SPF and DKIM required', () => {
    expect(records.map(({ purpose, type, host, value, priority, required }) => [purpose, type, host, value, priority, required])).to.deep.equal([
      ['spf', 'TXT', 'example.com', 'v=spf1 include:_spf.tuma.local ~all', null, true],
      ['dkim', 'TXT', 'tuma202611-ab12._domainkey.example.com', `v=DKIM1; k=rsa; p=${KEY}`, null, true],
      ['return_path_mx', 'MX', 'bounces.example.com', 'feedback.tuma.local', 10, false],
      ['return_path_spf', 'TXT', 'bounces.example.com', 'v=spf1 include:_spf.tuma.local ~all', null, false],
      ['dmarc', 'TXT', '_dmarc.example.com', 'v=DMARC1; p=none;', null, false],
    ]);
  });

  it('tag lists read back what they render (law)', () => {
    const tagName = fc.stringMatching(/^[a-z][a-z0-9_]{0,6}$/);
    const tagValue = fc.stringMatching(/^[A-Za-z0-9+/=.:-]{0,30}$/);
    fc.assert(
      fc.property(fc.uniqueArray(fc.tuple(tagName, tagValue), { minLength: 1, maxLength: 6, selector: ([name]) => name }), (tags) => {
        expect([...parseTagList(renderTagList(tags))!]).to.deep.equal(tags);
      }),
    );
  });

  it('verifies a DKIM record however the zone splits it into strings or folds its key (law)', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 1, max: 40 }), { maxLength: 12 }), fc.boolean(), (sizes, folded) => {
        const value = folded ? record('dkim').value.replace('p=', 'p= ').replace(KEY.slice(0, 20), `${KEY.slice(0, 20)} \t`) : record('dkim').value;
        expect(checkRecord(record('dkim'), txt(split(value, sizes)), settings)).to.equal('verified');
      }),
    );
  });

  it('finds a DKIM record with another key invalid, and none not found', () => {
    expect(checkRecord(record('dkim'), txt(['v=DKIM1; k=rsa; p=MIIBother']), settings)).to.equal('invalid');
    expect(checkRecord(record('dkim'), txt(), settings)).to.equal('not_found');
  });

  it('verifies SPF that includes ours among other terms, case aside; finds one without it, or two SPF records, invalid', () => {
    const spf = record('spf');
    expect(checkRecord(spf, txt(['google-site-verification=abc'], ['v=spf1 ip4:192.0.2.0/24 ', '+include:_SPF.tuma.local -all']), settings)).to.equal('verified');
    expect(checkRecord(spf, txt(['v=spf1 include:_spf.google.com ~all']), settings)).to.equal('invalid');
    expect(checkRecord(spf, txt(['v=spf1 include:_spf.tuma.local ~all'], ['v=spf1 mx -all']), settings), 'two SPF records').to.equal('invalid');
    expect(checkRecord(spf, txt(['v=spf10 include:_spf.tuma.local']), settings)).to.equal('not_found');
  });

  it('checks the return-path MX by exchange (trailing dot and case aside), DMARC by its version tag, and a failed lookup as temporary', () => {
    const mx = record('return_path_mx');
    expect(checkRecord(mx, { kind: 'mx', records: [{ exchange: 'Feedback.Tuma.Local.', priority: 20 }] }, settings)).to.equal('verified');
    expect(checkRecord(mx, { kind: 'mx', records: [{ exchange: 'mx.example.com', priority: 10 }] }, settings)).to.equal('invalid');
    expect(checkRecord(mx, { kind: 'mx', records: [] }, settings)).to.equal('not_found');
    expect(checkRecord(record('dmarc'), txt(['v=DMARC1; p=reject; rua=mailto:d@example.com']), settings)).to.equal('verified');
    expect(checkRecord(record('spf'), { kind: 'failed', reason: 'SERVFAIL' }, settings)).to.equal('temporary_failure');
  });
});
