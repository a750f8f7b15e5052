import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ServerConfig } from './config.ts';

/** Reads a key file, or creates it (owner-only) when missing; a concurrent creator's key wins. */
function keyFile(dataDir: string, name: string): Buffer {
  const path = join(dataDir, name);
  try {
    return Buffer.from(readFileSync(path, 'utf8').trim(), 'base64');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  mkdirSync(dataDir, { recursive: true });
  try {
    writeFileSync(path, `${randomBytes(32).toString('base64')}\n`, { mode: 0o600, flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  return Buffer.from(readFileSync(path, 'utf8').trim(), 'base64');
}

/**
 * A server secret: the configured one; else, for a throw-away `memory://` database, a random one
 * per process; else one generated once into `<TUMA_DATA_DIR>/<fileName>`. Loaded on first use only.
 */
function serverSecret(config: ServerConfig, configured: Buffer | undefined, fileName: string): () => Buffer {
  if (configured) return () => configured;
  if (!config.databaseUrl && config.dataDir === 'memory://') {
    const key = randomBytes(32);
    return () => key;
  }
  let loaded: Buffer | undefined;
  return () => (loaded ??= keyFile(config.dataDir, fileName));
}

/** The key sealing webhook signing secrets: `WEBHOOK_SECRET_KEY` or `webhook-secret.key` (docs/webhooks.md, "Secrets"). */
export const webhookSecretKey = (config: ServerConfig): (() => Buffer) => serverSecret(config, config.webhookSecretKey, 'webhook-secret.key');

/** The pepper of OTP hashes: `VERIFY_PEPPER` or `verify-pepper.key`, beside the webhook key (docs/verify.md, "Codes"). */
export const verifyPepper = (config: ServerConfig): (() => Buffer) => serverSecret(config, config.verify.pepper, 'verify-pepper.key');
