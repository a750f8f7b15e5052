import { calculateJwkThumbprint, errors, exportJWK, generateKeyPair, importJWK, importPKCS8, jwtVerify, SignJWT, type CryptoKey } from 'jose';
import { isRole, SESSION_POLICY, type AccessTokenClaims, type AccessTokens, type IssuedAccessToken } from '@tuma/identity';

const ALGORITHM = 'EdDSA';
const ISSUER = 'tuma';
const AUDIENCE = 'tuma-dashboard';

export interface SigningKey {
  readonly privateKey: CryptoKey;
  readonly publicKey: CryptoKey;
  /** The key's RFC 7638 thumbprint, sent as `kid` so a later key rotation can tell keys apart. */
  readonly keyId: string;
}

/** The signing key from a PKCS#8 PEM Ed25519 private key (`openssl genpkey -algorithm ed25519`); the public key is derived from it. */
export async function signingKeyFromPem(pem: string): Promise<SigningKey> {
  const privateKey = await importPKCS8(pem, ALGORITHM, { extractable: true });
  const { kty, crv, x } = await exportJWK(privateKey);
  const publicJwk = { kty, crv, x };
  const publicKey = (await importJWK(publicJwk, ALGORITHM)) as CryptoKey;
  return { privateKey, publicKey, keyId: await calculateJwkThumbprint(publicJwk) };
}

/** A fresh key pair: for tests and for a development server with no key configured (its tokens die with it). */
export async function generateSigningKey(): Promise<SigningKey> {
  const { privateKey, publicKey } = await generateKeyPair(ALGORITHM, { crv: 'Ed25519' });
  return { privateKey, publicKey, keyId: await calculateJwkThumbprint(await exportJWK(publicKey)) };
}

/**
 * JWTs signed with Ed25519 (EdDSA) through `jose`: `sub` the user, `acc` the account, `role`, `sid`
 * the session; 15 minutes. Verification pins the algorithm, issuer and audience.
 */
export class JoseAccessTokens implements AccessTokens {
  constructor(private readonly key: SigningKey) {}

  async issue(claims: AccessTokenClaims, now: Date): Promise<IssuedAccessToken> {
    const issuedAt = Math.floor(now.getTime() / 1000);
    const expiresIn = SESSION_POLICY.accessTokenSeconds;
    const token = await new SignJWT({ acc: claims.accountId, role: claims.role, sid: claims.sessionId })
      .setProtectedHeader({ alg: ALGORITHM, kid: this.key.keyId, typ: 'JWT' })
      .setSubject(claims.userId)
      .setIssuer(ISSUER)
      .setAudience(AUDIENCE)
      .setIssuedAt(issuedAt)
      .setExpirationTime(issuedAt + expiresIn)
      .sign(this.key.privateKey);
    return { token, expiresIn };
  }

  async verify(token: string, now: Date): Promise<AccessTokenClaims | undefined> {
    const payload = await jwtVerify(token, this.key.publicKey, { algorithms: [ALGORITHM], issuer: ISSUER, audience: AUDIENCE, currentDate: now }).then(
      (verified) => verified.payload,
      (error: unknown) => {
        // A forged, expired, malformed or foreign token is an answer, not a fault.
        if (error instanceof errors.JOSEError) return undefined;
        throw error;
      },
    );
    if (!payload) return undefined;
    const { sub, acc, role, sid } = payload;
    if (typeof sub !== 'string' || typeof acc !== 'string' || typeof sid !== 'string' || !isRole(role)) return undefined;
    return { userId: sub, accountId: acc, role, sessionId: sid };
  }
}
