import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect } from 'chai';
import { startMailWorld, type MailWorld } from '../../support/mail-world.ts';
import { ok, refused } from '../../support/responses.ts';
import { databaseKind } from '../../support/test-database.ts';

const RECEIPT = Buffer.from('%PDF-1.4 receipt KE-1042 KES 1,200');

/**
 * Attachments by URL (issue 15 item 4, docs/mail.md "Sending"): `path` is fetched when the email is
 * accepted, through the webhooks' URL policy (no private addresses, no redirects), from a real HTTP
 * server on 127.0.0.1 that the test allows; a file that cannot be fetched is a 422 naming its path.
 */
describe(`HTTP mail attachments by URL on ${databaseKind()}`, function () {
  this.timeout(60_000);
  let world: MailWorld;
  let files: Server;
  let base: string;

  before(async () => {
    files = createServer((req, res) => {
      if (req.url === '/receipt.pdf') return res.writeHead(200, { 'Content-Type': 'application/pdf' }).end(RECEIPT);
      if (req.url === '/moved') return res.writeHead(302, { Location: 'http://10.0.0.5/secret' }).end();
      if (req.url === '/huge') {
        res.writeHead(200, { 'Content-Type': 'application/octet-stream' });
        const chunk = Buffer.alloc(1024 * 1024, 7);
        const write = (left: number): void => void (left > 0 && !res.destroyed ? res.write(chunk, () => write(left - 1)) : res.end());
        return write(41);
      }
      res.writeHead(404).end();
    });
    await new Promise<void>((resolve) => files.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(files.address() as AddressInfo).port}`;
    world = await startMailWorld({ domain: 'files.example.com', env: { WEBHOOK_ALLOW_HOSTS: base.replace('http://', '') } });
  });
  after(async () => {
    await world.stop();
    await new Promise((resolve) => files.close(resolve));
  });

  it('fetches a path when the email is accepted, with the content type the server gave', async () => {
    const id = await world.send({ to: 'amina@example.org', text: 'Your receipt', attachments: [{ filename: 'receipt.pdf', path: `${base}/receipt.pdf` }] });
    expect(ok(await world.mail('GET', `/v1/emails/${id}`)).attachments).to.deep.equal([{ filename: 'receipt.pdf', content_type: 'application/pdf', size: RECEIPT.length }]);
  });

  it('takes a send body past the 2 MB of other routes: files in base64 up to 40 MB', async () => {
    const file = Buffer.alloc(3 * 1024 * 1024, 1);
    const id = await world.send({ to: 'baraka@example.org', text: 'The scans', attachments: [{ filename: 'scans.bin', content: file.toString('base64') }] });
    expect(ok(await world.mail('GET', `/v1/emails/${id}`)).attachments).to.deep.equal([{ filename: 'scans.bin', content_type: null, size: file.length }]);
  });

  it('refuses, naming each path, a private address, a redirect, a missing file, a file past 40 MB, and content and path together', async () => {
    const answer = await world.mail('POST', '/v1/emails', {
      from: 'hello@files.example.com',
      to: 'amina@example.org',
      subject: 'Files',
      text: 'x',
      attachments: [
        { filename: 'a.pdf', path: 'https://10.0.0.5/a.pdf' },
        { filename: 'b.pdf', path: `${base}/moved` },
        { filename: 'c.pdf', path: `${base}/nothing-here` },
        { filename: 'd.bin', path: `${base}/huge` },
        { filename: 'e.pdf', path: `${base}/receipt.pdf`, content: RECEIPT.toString('base64') },
      ],
    });
    refused(answer, 422, 'validation_error');
    const details = answer.body.error.details as { path: string; message: string }[];
    expect(details.map((d) => d.path)).to.deep.equal(['attachments.0.path', 'attachments.1.path', 'attachments.2.path', 'attachments.3.path', 'attachments.4.path']);
    expect(details[0]!.message).to.match(/Refused/);
    expect(details[1]!.message).to.match(/302.*redirects are not followed/);
    expect(details[2]!.message).to.match(/404/);
    expect(details[3]!.message).to.match(/Larger than/);
    expect(details[4]!.message).to.match(/not both/);
    expect(ok(await world.mail('GET', '/v1/emails?to=amina@example.org')).data, 'only the first test stored one').to.have.length(1);
  });
});
