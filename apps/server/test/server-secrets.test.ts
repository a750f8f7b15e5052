import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import { loadConfig } from '../src/index.ts';
import { authSigningKeyPem, unsharedSecrets, webhookSecretKey } from '../src/server-secrets.ts';

describe('server secrets: the access tokens\' signing key', () => {
  const ed25519 = () => generateKeyPairSync('ed25519').privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
  const x25519 = () => generateKeyPairSync('x25519').privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();

  it('is generated once into the data directory (owner-only) and read back at every start', () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'tuma-secrets-'));
    try {
      const first = authSigningKeyPem(loadConfig({ TUMA_DATA_DIR: dataDir }))();
      expect(first).to.match(/^-----BEGIN PRIVATE KEY-----/);
      expect(authSigningKeyPem(loadConfig({ TUMA_DATA_DIR: dataDir }))(), 'a restart').to.equal(first);
      expect(statSync(join(dataDir, 'auth-jwt.pem')).mode & 0o777).to.equal(0o600);
      expect(readFileSync(join(dataDir, 'auth-jwt.pem'), 'utf8').trim()).to.equal(first);
      const webhookKey = webhookSecretKey(loadConfig({ TUMA_DATA_DIR: dataDir }))();
      expect([webhookKey.length, webhookSecretKey(loadConfig({ TUMA_DATA_DIR: dataDir }))()]).to.deep.equal([32, webhookKey]);
    } finally {
      rmSync(dataDir, { recursive: true });
    }
  });

  it('is one per process with TUMA_DATA_DIR=memory://, on PostgreSQL too, and writes no file', () => {
    const cwd = process.cwd();
    const dir = mkdtempSync(join(tmpdir(), 'tuma-secrets-cwd-'));
    process.chdir(dir);
    try {
      for (const env of [{ TUMA_DATA_DIR: 'memory://' }, { TUMA_DATA_DIR: 'memory://', DATABASE_URL: 'postgres://127.0.0.1:5432/absent' }]) {
        const first = webhookSecretKey(loadConfig(env))();
        expect([first.length, webhookSecretKey(loadConfig(env))().equals(first)], JSON.stringify(env)).to.deep.equal([32, false]);
        expect(authSigningKeyPem(loadConfig(env))()).to.match(/^-----BEGIN PRIVATE KEY-----/);
      }
      expect(readdirSync(dir), 'no key directory beside the process').to.deep.equal([]);
    } finally {
      process.chdir(cwd);
      rmSync(dir, { recursive: true });
    }
  });

  it('is AUTH_JWT_PRIVATE_KEY when given (its line breaks may be written \\n), and only an Ed25519 PKCS#8 key', () => {
    const key = ed25519();
    expect(authSigningKeyPem(loadConfig({ AUTH_JWT_PRIVATE_KEY: key.replace(/\n/g, '\\n') }))()).to.equal(key.trim());
    for (const wrong of [x25519(), 'not a key']) expect(() => loadConfig({ AUTH_JWT_PRIVATE_KEY: wrong })).to.throw(/AUTH_JWT_PRIVATE_KEY: must be an Ed25519 private key/);
  });
});

describe('server secrets: those a fleet must share', () => {
  const key = () => randomBytes(32).toString('base64');
  const pem = generateKeyPairSync('ed25519').privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
  const shared = {
    WEBHOOK_SECRET_KEY: key(),
    VERIFY_PEPPER: key(),
    AUTH_JWT_PRIVATE_KEY: pem,
    CONSOLE_COOKIE_KEY: key(),
    MAIL_TOKEN_KEY: key(),
    MAIL_SRS_KEY: key(),
    LINKS_VISITOR_SALT: key(),
  };
  const postgres = { DATABASE_URL: 'postgres://127.0.0.1:5432/tuma' };

  it('names each one the environment does not give, and none once all are given', () => {
    expect(unsharedSecrets(loadConfig(postgres))).to.deep.equal(Object.keys(shared));
    expect(unsharedSecrets(loadConfig({ ...postgres, ...shared }))).to.deep.equal([]);
    for (const name of Object.keys(shared)) {
      const { [name as keyof typeof shared]: _left, ...others } = shared;
      expect(unsharedSecrets(loadConfig({ ...postgres, ...others })), name).to.deep.equal([name]);
    }
  });

  it("names the hosted checkout's key only where the hosted checkout takes payments (random per process when unset)", () => {
    expect(unsharedSecrets(loadConfig({ ...shared })), 'embedded: hosted by default').to.deep.equal(['HOSTED_CHECKOUT_SECRET']);
    expect(unsharedSecrets(loadConfig({ ...shared, HOSTED_CHECKOUT_SECRET: key() }))).to.deep.equal([]);
    expect(unsharedSecrets(loadConfig({ ...postgres, ...shared, PAYMENT_PROVIDER: 'hosted' }))).to.deep.equal(['HOSTED_CHECKOUT_SECRET']);
  });
});
