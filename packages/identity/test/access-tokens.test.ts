import { expect } from 'chai';
import { generateKeyPairSync } from 'node:crypto';
import { JoseAccessTokens, signingKeyFromPem } from '../src/index.ts';

describe('identity: access tokens (jose, Ed25519)', () => {
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
});
