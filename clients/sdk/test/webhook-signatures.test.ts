import { createHmac } from 'node:crypto';
import { expect } from 'chai';
import { verifyMailWebhook, verifySmsWebhook, verifyWebhookSignature } from '../src/webhook-signatures.ts';

const body = '{"event":"message.delivered","data":{"id":"msg_01JD","to":"+254712345678"}}';
const signed = (secret: string, payload = body) => `sha256=${createHmac('sha256', secret).update(payload).digest('hex')}`;

describe('sdk: webhook signatures', () => {
  it("accepts the server's sha256=<hex> HMAC of the raw body, as a string or bytes, and nothing else", async () => {
    const signature = signed('whsec_current');
    expect(await verifyWebhookSignature(body, signature, 'whsec_current')).to.equal(true);
    expect(await verifyWebhookSignature(new TextEncoder().encode(body), signature.toUpperCase().replace('SHA256=', 'sha256='), 'whsec_current')).to.equal(true);
    expect(await verifyWebhookSignature(`${body} `, signature, 'whsec_current')).to.equal(false);
    expect(await verifyWebhookSignature(body, signature, 'whsec_other')).to.equal(false);
    for (const wrong of [null, '', 'sha256=', 'sha256=zz', signature.slice(0, -2), `${signature}00`]) expect(await verifyWebhookSignature(body, wrong, 'whsec_current'), String(wrong)).to.equal(false);
  });

  it('takes the new and the old secret during a rotation', async () => {
    expect(await verifyWebhookSignature(body, signed('whsec_old'), ['whsec_new', 'whsec_old'])).to.equal(true);
    expect(await verifyWebhookSignature(body, signed('whsec_gone'), ['whsec_new', 'whsec_old'])).to.equal(false);
  });

  it("reads SMS's X-Webhook-Signature and mail's X-SVC-Signature from Headers or a Node headers object, whatever the case", async () => {
    const signature = signed('s3cret');
    expect(await verifySmsWebhook({ body, secret: 's3cret', headers: new Headers({ 'X-Webhook-Signature': signature }) })).to.equal(true);
    expect(await verifySmsWebhook({ body, secret: 's3cret', headers: { 'x-webhook-signature': signature } })).to.equal(true);
    expect(await verifySmsWebhook({ body, secret: 's3cret', headers: { 'x-svc-signature': signature } })).to.equal(false);
    expect(await verifyMailWebhook({ body, secret: 's3cret', headers: { 'X-SVC-Signature': [signature] } })).to.equal(true);
    expect(await verifyMailWebhook({ body, secret: 's3cret', headers: {} })).to.equal(false);
  });
});
