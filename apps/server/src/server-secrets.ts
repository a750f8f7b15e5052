import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ServerConfig } from './config.ts';

/** Reads a key file, or creates it (owner-only) with `generate()` when missing; a concurrent creator's key wins. */
function keyFile(dataDir: string, name: string, generate: () => string): string {
  const path = join(dataDir, name);
  try {
    return readFileSync(path, 'utf8').trim();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  mkdirSync(dataDir, { recursive: true });
  try {
    writeFileSync(path, `${generate()}\n`, { mode: 0o600, flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  return readFileSync(path, 'utf8').trim();
}

/**
 * A server secret as text: the configured one; else, with `TUMA_DATA_DIR=memory://` (nothing kept
 * on disk, whatever the database), a new one per process; else one generated once into
 * `<TUMA_DATA_DIR>/<fileName>` and read from there at every start. Loaded on first use only.
 */
function serverSecret(config: ServerConfig, configured: string | undefined, fileName: string, generate: () => string): () => string {
  if (configured !== undefined) return () => configured;
  if (config.dataDir === 'memory://') {
    const secret = generate();
    return () => secret;
  }
  let loaded: string | undefined;
  return () => (loaded ??= keyFile(config.dataDir, fileName, generate));
}

const randomKey = (): string => randomBytes(32).toString('base64');

/** A 32-byte key kept in base64. */
const serverKey = (config: ServerConfig, configured: Buffer | undefined, fileName: string): (() => Buffer) => {
  const text = serverSecret(config, configured?.toString('base64'), fileName, randomKey);
  return () => Buffer.from(text(), 'base64');
};

/** The key sealing webhook signing secrets: `WEBHOOK_SECRET_KEY` or `webhook-secret.key` (docs/webhooks.md, "Secrets"). */
export const webhookSecretKey = (config: ServerConfig): (() => Buffer) => serverKey(config, config.webhookSecretKey, 'webhook-secret.key');

/** The key of the mail API's signed links (tracking, sender-address confirmation): `MAIL_TOKEN_KEY` or `mail-token.key` (docs/mail.md, "Tracking"). */
export const mailTokenKey = (config: ServerConfig): (() => Buffer) => serverKey(config, config.mail.tokenKey, 'mail-token.key');

/** The key of forwarded mail's SRS addresses: `MAIL_SRS_KEY` or `mail-srs.key` (docs/mail.md, "Forwards"). A fleet shares it: a bounce may reach any process. */
export const mailSrsKey = (config: ServerConfig): (() => Buffer) => serverKey(config, config.mail.srsKey, 'mail-srs.key');

/** The pepper of OTP hashes: `VERIFY_PEPPER` or `verify-pepper.key`, beside the webhook key (docs/verify.md, "Codes"). */
export const verifyPepper = (config: ServerConfig): (() => Buffer) => serverKey(config, config.verify.pepper, 'verify-pepper.key');

/**
 * The Ed25519 key signing access tokens, in PKCS#8 PEM: `AUTH_JWT_PRIVATE_KEY` or `auth-jwt.pem`
 * beside the other keys. Never a new one per start: the tokens of a restarted process, or of
 * another process of the fleet, must still verify (docs/deployment.md).
 */
export const authSigningKeyPem = (config: ServerConfig): (() => string) =>
  serverSecret(config, config.identity.jwtPrivateKey, 'auth-jwt.pem', () => generateKeyPairSync('ed25519').privateKey.export({ type: 'pkcs8', format: 'pem' }).toString());

/** The salt of the links' unique-visitor hashes: `LINKS_VISITOR_SALT` or `links-visitor.key` (docs/links.md, "Clicks"). */
export const linksVisitorSalt = (config: ServerConfig): (() => Buffer) => serverKey(config, config.links.visitorSalt, 'links-visitor.key');

/** The key sealing the web console's session cookie: `CONSOLE_COOKIE_KEY` or `console-cookie.key` (docs/dashboard.md, "Sessions"). */
export const consoleCookieKey = (config: ServerConfig): (() => Buffer) => serverKey(config, config.identity.consoleCookieKey, 'console-cookie.key');

/**
 * The secrets every process of a fleet must share that this one does not get from its environment:
 * generated into TUMA_DATA_DIR (with `memory://`, per process), so a second process on the same
 * PostgreSQL would seal, sign and hash with other keys. Named at start on PostgreSQL and in
 * `GET /health/ready` (docs/deployment.md, "Secrets").
 */
export function unsharedSecrets(config: ServerConfig): string[] {
  const secrets: [string, unknown][] = [
    ['WEBHOOK_SECRET_KEY', config.webhookSecretKey],
    ['VERIFY_PEPPER', config.verify.pepper],
    ['AUTH_JWT_PRIVATE_KEY', config.identity.jwtPrivateKey],
    ['CONSOLE_COOKIE_KEY', config.identity.consoleCookieKey],
    ['MAIL_TOKEN_KEY', config.mail.tokenKey],
    ['MAIL_SRS_KEY', config.mail.srsKey],
    ['LINKS_VISITOR_SALT', config.links.visitorSalt],
  ];
  // Only the built-in checkout signs its webhooks with it (a random key per process when unset).
  if (config.paymentProvider === 'hosted') secrets.push(['HOSTED_CHECKOUT_SECRET', config.hostedCheckoutSecret]);
  return secrets.filter(([, configured]) => configured === undefined).map(([name]) => name);
}
