import { expect } from 'chai';
import jsQRModule from 'jsqr';
import { PNG } from 'pngjs';
import { startLinksWorld, type LinksWorld } from '../../support/links-world.ts';
import { ok, refused } from '../../support/responses.ts';
import { databaseKind } from '../../support/test-database.ts';

/** jsqr is CommonJS: its default import is the function at run time, a namespace holding it to the type checker. */
const jsQR = ((jsQRModule as { default?: unknown }).default ?? jsQRModule) as typeof jsQRModule.default;

/** What a phone's camera would read from a PNG, and the colour of its top-left module. */
function decode(png: Buffer): { text: string | undefined; darkPixel: string } {
  const image = PNG.sync.read(png);
  const read = jsQR(new Uint8ClampedArray(image.data), image.width, image.height);
  // The quiet zone is 4 modules of 8 pixels: the finder pattern's corner is at (32, 32).
  const at = (32 * image.width + 32) * 4;
  const hex = (n: number) => image.data[at + n]!.toString(16).padStart(2, '0').toUpperCase();
  return { text: read?.data, darkPixel: `#${hex(0)}${hex(1)}${hex(2)}` };
}

const fromDataUri = (uri: string): Buffer => {
  expect(uri.startsWith('data:image/png;base64,')).to.equal(true);
  return Buffer.from(uri.slice('data:image/png;base64,'.length), 'base64');
};

/** QR codes of the links API (docs/links.md, "QR codes"): real PNGs a decoder reads back. */
describe(`HTTP link QR codes on ${databaseKind()}`, function () {
  this.timeout(60_000);
  let world: LinksWorld;

  before(async () => {
    world = await startLinksWorld({ WEBHOOK_ALLOW_HOSTS: 'shop.example', SHORT_BASE_URL: 'https://tu.ma/s' });
  });
  after(() => world.stop());

  it("encodes a link's short URL in the colours asked, and serves the same PNG at /v1/qr/{id}.png", async () => {
    const link = ok(await world.links('POST', '/v1/links', { url: 'https://shop.example/p', slug: 'poster' }), 201);
    const code = ok(await world.links('POST', '/v1/qr', { link_id: link.id, label: 'Shop window', fg_color: '#0a3d62' }), 201);
    expect(code).to.include({ link_id: link.id, target_url: 'https://tu.ma/s/poster', label: 'Shop window', fg_color: '#0A3D62', bg_color: '#FFFFFF' });
    expect(code.id).to.match(/^qr_/);
    const decoded = decode(fromDataUri(code.png));
    expect(decoded).to.deep.equal({ text: 'https://tu.ma/s/poster', darkPixel: '#0A3D62' });

    const image = await fetch(`${world.api.apiUrl('links')}/v1/qr/${code.id}.png`, { headers: { Authorization: `Bearer ${world.key}` } });
    expect([image.status, image.headers.get('content-type')]).to.deep.equal([200, 'image/png']);
    expect(decode(Buffer.from(await image.arrayBuffer())).text).to.equal('https://tu.ma/s/poster');
  });

  it('encodes a screened URL with the default colours; neither or both of link_id and url, a bad colour or a refused URL is a 422', async () => {
    const code = ok(await world.links('POST', '/v1/qr', { url: 'https://shop.example/menu' }), 201);
    expect(code).to.include({ link_id: null, target_url: 'https://shop.example/menu', fg_color: '#1F1B17', bg_color: '#FFFFFF', label: null });
    expect(decode(fromDataUri(code.png))).to.deep.equal({ text: 'https://shop.example/menu', darkPixel: '#1F1B17' });
    const fieldOf = async (body: object) => {
      const answer = await world.links('POST', '/v1/qr', body);
      expect(answer.status, JSON.stringify(body)).to.equal(422);
      return answer.body.error.details[0].path;
    };
    expect(await fieldOf({})).to.equal('link_id');
    expect(await fieldOf({ url: 'https://shop.example/a', link_id: 'lnk_x' })).to.equal('link_id');
    expect(await fieldOf({ url: 'http://127.0.0.1/' })).to.equal('url');
    expect(await fieldOf({ url: 'https://shop.example/a', bg_color: 'white' })).to.equal('bg_color');
  });

  it('lists without PNGs, newest first; deletes; another account gets 404 for its codes and links; reads without links:write, writes need it', async () => {
    const first = ok(await world.links('POST', '/v1/qr', { url: 'https://shop.example/1' }), 201);
    const second = ok(await world.links('POST', '/v1/qr', { url: 'https://shop.example/2' }), 201);
    const listed = ok(await world.links('GET', '/v1/qr?limit=2'));
    expect(listed.map((code: { id: string }) => code.id)).to.deep.equal([second.id, first.id]);
    expect(listed.every((code: object) => !('png' in code))).to.equal(true);

    const other = await world.otherAccountKey();
    refused(await world.links('DELETE', `/v1/qr/${first.id}`, undefined, { key: other }), 404, 'not_found');
    const image = await fetch(`${world.api.apiUrl('links')}/v1/qr/${first.id}.png`, { headers: { Authorization: `Bearer ${other}` } });
    expect(image.status).to.equal(404);
    const link = ok(await world.links('POST', '/v1/links', { url: 'https://shop.example/mine' }), 201);
    refused(await world.links('POST', '/v1/qr', { link_id: link.id }, { key: other }), 404, 'not_found');

    const reader = await world.newKey({ scopes: ['links:read'] });
    ok(await world.links('GET', '/v1/qr', undefined, { key: reader }));
    refused(await world.links('POST', '/v1/qr', { url: 'https://shop.example/3' }, { key: reader }), 403, 'insufficient_scope');
    refused(await world.links('DELETE', `/v1/qr/${first.id}`, undefined, { key: reader }), 403, 'insufficient_scope');
    expect((await world.links('DELETE', `/v1/qr/${first.id}`)).status).to.equal(204);
    expect(ok(await world.links('GET', '/v1/qr')).map((code: { id: string }) => code.id)).not.to.include(first.id);
  });
});
