import { expect } from 'chai';
import { generateKeyPairSync } from 'node:crypto';
import { generateSigningKey, JoseAccessTokens, signingKeyFromPem } from '../src/index.ts';

describe('identity adapter: access tokens (jose, Ed25519)', () => {
  it('signs with a configured PKCS#8 key, verifies with the public key derived from it, and names the key', async () => {
    const pem = generateKeyPairSync('ed25519').privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    const key = await signingKeyFromPem(pem);
    const tokens = new JoseAccessTokens(key);
    const now = new Date('2026-06-01T09:00:00Z');
    const claims = { userId: 'usr_1', accountId: 'acc_1', role: 'viewer' as const, sessionId: 'ses_1' };
    const { token } = await tokens.issue(claims, now);
    expect(JSON.parse(Buffer.from(token.split('.')[0]!, 'base64url').toString())).to.deep.equal({ alg: 'EdDSA', kid: key.keyId, typ: 'JWT' });
    expect(JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString())).to.deep.include({ sub: 'usr_1', acc: 'acc_1', role: 'viewer', sid: 'ses_1', iss: 'tuma', aud: 'tuma-dashboard' });
    expect(await tokens.verify(token, now)).to.deep.equal(claims);
    expect(await new JoseAccessTokens(await signingKeyFromPem(pem)).verify(token, now)).to.deep.equal(claims);
  });

  it('refuses a token signed by another key, a tampered one, an expired one and garbage', async () => {
    const tokens = new JoseAccessTokens(await generateSigningKey());
    const now = new Date('2026-06-01T09:00:00Z');
    const claims = { userId: 'usr_1', accountId: 'acc_1', role: 'viewer' as const, sessionId: 'ses_1' };
    const { token: own, expiresIn } = await tokens.issue(claims, now);
    const { token: foreign } = await new JoseAccessTokens(await generateSigningKey()).issue(claims, now);
    const [header, , signature] = own.split('.');
    const forgedPayload = Buffer.from(JSON.stringify({ sub: 'usr_1', acc: 'acc_1', role: 'owner', sid: 'ses_1', iss: 'tuma', aud: 'tuma-dashboard', exp: 9e9 })).toString('base64url');
    for (const token of [foreign, `${header}.${forgedPayload}.${signature}`, 'garbage']) expect(await tokens.verify(token, now), token).to.equal(undefined);
    expect(await tokens.verify(own, new Date(now.getTime() + expiresIn * 1000 - 1000))).to.deep.equal(claims);
    expect(await tokens.verify(own, new Date(now.getTime() + expiresIn * 1000)), 'expired at exp').to.equal(undefined);
  });
});
