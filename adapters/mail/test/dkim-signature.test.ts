import { generateKeyPairSync } from 'node:crypto';
import { expect } from 'chai';
import { authenticate } from 'mailauth';
import { dkimSigned } from '../src/dkim-signature.ts';

const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
const KEY = { domainName: 'shop.example.com', selector: 'tuma202612', privateKey };
const RECORD = `v=DKIM1; k=rsa; p=${publicKey.export({ type: 'spki', format: 'der' }).toString('base64')}`;

/** What a receiving server concludes (mailauth), the key published at `<selector>._domainkey.<domain>`. */
async function verdicts(message: Buffer): Promise<{ status: string; comment: string | undefined }[]> {
  const { dkim } = await authenticate(message, {
    ip: '127.0.0.1',
    helo: 'relay.tuma.local',
    sender: 'em@bounces.shop.example.com',
    resolver: async (name: string, type: string) => {
      if (type === 'TXT' && name === `${KEY.selector}._domainkey.${KEY.domainName}`) return [[RECORD]];
      throw Object.assign(new Error(`no ${type} for ${name}`), { code: 'ENOTFOUND' });
    },
  });
  return dkim.results.map((result: { status: { result: string; comment?: string } }) => ({ status: result.status.result, comment: result.status.comment }));
}

const crlf = (lines: readonly string[]) => Buffer.from(lines.join('\r\n'), 'latin1');

/** A message with what canonicalization must get right: a folded field, runs of white space, a field twice, trailing blank lines. */
const MESSAGE = crlf([
  'From: Shop <news@shop.example.com>',
  'To: amina@example.org',
  'Subject:   Habari  za\r\n  leo\t',
  'Date: Fri, 04 Dec 2026 08:00:00 +0000',
  'Message-ID: <em_01@bounces.shop.example.com>',
  'List-Unsubscribe: <https://mail.example/u/abc>',
  'List-Unsubscribe-Post: List-Unsubscribe=One-Click',
  'References: <a@example.org>',
  'References: <b@example.org>',
  'X-Not-Signed: yes',
  'MIME-Version: 1.0',
  'Content-Type: text/plain; charset=utf-8',
  '',
  'Karibu,   Amina.  ',
  '\tAsante.',
  '',
  '',
  '',
]);

describe('dkimSigned: DKIM signatures (RFC 6376, rsa-sha256, relaxed/relaxed) of our own', () => {
  it('passes a receiving server, signing the fields it must, List-Unsubscribe-Post among them, and each References', async () => {
    const message = await dkimSigned(MESSAGE, KEY);
    const [verdict, ...others] = await verdicts(message);
    expect(others).to.deep.equal([]);
    expect(verdict!.status).to.equal('pass');
    const signed = message.toString('latin1');
    const tags = /^DKIM-Signature: ([^]*?)\r\n(?![ \t])/.exec(signed)![1]!.replace(/\r\n /g, ' ');
    expect(/; h=([^;]+);/.exec(tags)![1]!.split(':')).to.deep.equal(['from', 'to', 'subject', 'date', 'message-id', 'list-unsubscribe', 'list-unsubscribe-post', 'references', 'references', 'mime-version', 'content-type']);
    expect(tags).to.include('a=rsa-sha256; c=relaxed/relaxed; d=shop.example.com; q=dns/txt; s=tuma202612;');
  });

  it('still passes once relays refold the fields and change white space, as relaxed canonicalization allows', async () => {
    const signed = (await dkimSigned(MESSAGE, KEY)).toString('latin1');
    const refolded = signed.replace('Subject:   Habari  za\r\n  leo\t', 'Subject: Habari za leo').replace('Karibu,   Amina.  ', 'Karibu, Amina.').replace(/\r\n\r\n\r\n$/, '\r\n');
    expect((await verdicts(Buffer.from(refolded, 'latin1')))[0]!.status).to.equal('pass');
  });

  it('fails once a signed field or the body changes, and passes with a field added that is not signed', async () => {
    const signed = (await dkimSigned(MESSAGE, KEY)).toString('latin1');
    const altered = (from: string, to: string) => verdicts(Buffer.from(signed.replace(from, to), 'latin1')).then(([verdict]) => verdict!);
    expect(await altered('Subject:   Habari', 'Subject:   Jambo')).to.deep.equal({ status: 'fail', comment: 'bad signature' });
    expect(await altered('List-Unsubscribe-Post: List-Unsubscribe=One-Click', 'List-Unsubscribe-Post: nothing')).to.deep.equal({ status: 'fail', comment: 'bad signature' });
    // RFC 6376 6.1.3: a body that does not hash to bh= is not verified (mailauth's "neutral").
    expect(await altered('Karibu,', 'Kwaheri,')).to.deep.equal({ status: 'neutral', comment: 'body hash did not verify' });
    expect((await altered('X-Not-Signed: yes', 'X-Not-Signed: changed')).status).to.equal('pass');
  });

  it('signs a message without a body', async () => {
    const [verdict] = await verdicts(await dkimSigned(crlf(['From: news@shop.example.com', 'Subject: Empty', '', '']), KEY));
    expect(verdict!.status).to.equal('pass');
  });
});
