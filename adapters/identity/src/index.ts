/** The account service's technology adapters: identity's `PasswordHasher` on node's scrypt, its `AccessTokens` as Ed25519 JWTs through `jose`. */
export { OWASP_SCRYPT, ScryptPasswordHasher, type ScryptParameters } from './scrypt-password-hasher.ts';
export { generateSigningKey, JoseAccessTokens, signingKeyFromPem, type SigningKey } from './jose-access-tokens.ts';
